/**
 * What TypeScript needs to know of the ledger's schema. The schema itself, and its one write
 * path `ledger_append(jsonb)`, are SQL: libs/ledger/sql, applied in name order.
 */

/** Hot system accounts are split into this many shards so their row locks do not queue. */
export const SYSTEM_SHARDS = 16;

/** The SQLSTATEs `ledger_append` raises (sql/03-append.sql); errors.ts names them. */
export const LedgerErrorCode = {
  InsufficientFunds: 'KL001',
  UnknownAccount: 'KL002',
  Unbalanced: 'KL003',
  HoldNotPending: 'KL004',
  IdempotencyConflict: 'KL005',
  HoldExceeded: 'KL006',
  AboveCeiling: 'KL007',
  OutOfRange: 'KL008',
  LimitBelowOwed: 'KL009',
} as const;

/**
 * No posting moves, and no account holds, more than this many paise either way: ₹1 lakh crore.
 * Sixteen shards of a system account summed stay far inside `Number.MAX_SAFE_INTEGER`, so every
 * balance and total the API reads is an exact JavaScript number. `ledger_append` refuses an
 * event that would pass it (KL008), and `ledger:verify` checks it.
 */
export const LEDGER_AMOUNT_LIMIT = 100_000_000_000_000;
