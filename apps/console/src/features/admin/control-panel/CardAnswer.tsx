import { Alert } from 'antd';
import { localizeMessage } from '../../../i18n/messages';
import { FocusedResult } from '../../../ui/FocusedResult';

export interface CardAnswerProps {
  /** The refusal to say (the browser's check or the API's), in the API's English. */
  refusal?: string;
  /** What moves the focus to the refusal again: a new check's message or a new API error. */
  refusalKey: unknown;
  /** The API's answer to a change that went through. */
  done?: { message: string };
  /** The refusal's test id. */
  testId: string;
}

/**
 * A Control Panel card's answer to its submit (issue 30): said in the card, in the console's
 * language, with the focus on it (FocusedResult), not in a passing toast.
 */
export function CardAnswer({ refusal, refusalKey, done, testId }: CardAnswerProps) {
  return (
    <>
      {refusal && (
        <FocusedResult result={refusalKey}>
          <Alert
            className="control-panel__alert"
            type="error"
            showIcon
            title={localizeMessage(refusal)}
            data-testid={testId}
          />
        </FocusedResult>
      )}
      {done && (
        <FocusedResult result={done}>
          <Alert
            className="control-panel__alert"
            type="success"
            showIcon
            title={localizeMessage(done.message)}
          />
        </FocusedResult>
      )}
    </>
  );
}
