import { Messages } from '../messages.js';

/**
 * The numeric codes a client acts on (API.md: `code` where one applies), one catalogue for the
 * API that answers them and the console that reads them. A code always comes with its HTTP
 * status; the message is the default the API sends (2211 also has a variant with a reason).
 */
export const ErrorCode = {
  /** The session is over (revoked, logged out elsewhere, expired): clear cookies, go to /login. */
  SessionEnded: 2211,
  /** Same amount, account and IFSC within 20 minutes: ask, then resend with confirmDuplicate. */
  DuplicatePayment: 4091,
  /** The user holds a temporary password or PIN: only /auth/setCredentials and logout answer. */
  MustChangeCredentials: 4031,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorCodeEntry {
  status: number;
  message: string;
}

export const ERROR_CODES: Readonly<Record<ErrorCode, ErrorCodeEntry>> = {
  [ErrorCode.SessionEnded]: { status: 401, message: Messages.sessionEnded },
  [ErrorCode.DuplicatePayment]: {
    status: 409,
    message:
      'A payment of the same amount to this account was made in the last 20 minutes. Please confirm to send it again.',
  },
  [ErrorCode.MustChangeCredentials]: {
    status: 403,
    message: 'Please set a new password and PIN to continue.',
  },
};

/** The catalogue entry of a code from an answer; undefined for a code this build does not know. */
export function errorCodeEntry(code: unknown): ErrorCodeEntry | undefined {
  return typeof code === 'number' && Object.hasOwn(ERROR_CODES, code)
    ? ERROR_CODES[code as ErrorCode]
    : undefined;
}
