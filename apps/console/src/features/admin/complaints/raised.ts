import { localizeMessage } from '../../../i18n/messages';

/**
 * A complaint just raised opens in My Complaints with the API's answer (issue 30): handed on
 * with the navigation, it is said above the complaint with the focus on it, not in a toast.
 */
export interface RaisedState {
  raised: string;
}

export function raisedState(answer: string): RaisedState {
  return { raised: localizeMessage(answer) };
}

/** The answer handed on by `raisedState`, if the page was opened that way. */
export function raisedAnswer(state: unknown): string | undefined {
  return (state as Partial<RaisedState> | null)?.raised;
}
