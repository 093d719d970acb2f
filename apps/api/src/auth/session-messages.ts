import { Messages as DomainMessages } from '@khata/domain';

/** The session guard's refusals (issue 30: the console shows them in Hindi, tests/unit/domain-messages). */
export const SessionMessages = {
  signIn: 'Please login to continue',
  sessionEnded: DomainMessages.sessionEnded,
  notAllowed: 'You are not allowed to do this.',
} as const;
