import { LedgerErrorCode } from './constants.js';

export type LedgerErrorKind =
  | 'insufficient-funds'
  | 'unknown-account'
  | 'unbalanced'
  | 'hold-not-pending'
  | 'idempotency-conflict'
  | 'hold-exceeded'
  | 'above-ceiling'
  | 'out-of-range'
  | 'limit-below-owed'
  | 'contention';

/** A refusal of the ledger, in its own words; the API maps kinds to statuses and messages. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';

  constructor(
    readonly kind: LedgerErrorKind,
    message: string,
    /** The account or hold concerned, where there is one. */
    readonly subject?: string,
  ) {
    super(message);
  }
}

const KIND_BY_CODE: Record<string, LedgerErrorKind> = {
  [LedgerErrorCode.InsufficientFunds]: 'insufficient-funds',
  [LedgerErrorCode.UnknownAccount]: 'unknown-account',
  [LedgerErrorCode.Unbalanced]: 'unbalanced',
  [LedgerErrorCode.HoldNotPending]: 'hold-not-pending',
  [LedgerErrorCode.IdempotencyConflict]: 'idempotency-conflict',
  [LedgerErrorCode.HoldExceeded]: 'hold-exceeded',
  [LedgerErrorCode.AboveCeiling]: 'above-ceiling',
  [LedgerErrorCode.OutOfRange]: 'out-of-range',
  [LedgerErrorCode.LimitBelowOwed]: 'limit-below-owed',
};

/** The ledger error a database error stands for, or undefined when it is something else. */
export function ledgerErrorOf(error: unknown): LedgerError | undefined {
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string };
  const kind = code ? KIND_BY_CODE[code] : undefined;
  return kind ? new LedgerError(kind, message ?? kind, detail) : undefined;
}
