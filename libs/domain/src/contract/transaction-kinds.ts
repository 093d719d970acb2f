/**
 * One vocabulary of what a transaction is and where it stands. A kind is named once here: its
 * `type` in records and reports, the prefix of its ledger stream (`payout:<id>`), the words a
 * report shows. The stream prefixes and event types are already in the append-only log, so
 * they keep their old spelling (`aeps-settlement`); this table is the one place that says
 * which record type each belongs to.
 */
export const TRANSACTION_KINDS = {
  walletTransfer: { stream: 'transfer', label: 'Wallet transfer' },
  walletCredit: { stream: 'credit', label: 'Wallet credit' },
  // Issue 13: an admin takes money back from a wallet, with a reason.
  walletDebit: { stream: 'debit', label: 'Wallet debit' },
  payout: { stream: 'payout', label: 'Bank payout' },
  aepsSettlement: { stream: 'aeps-settlement', label: 'AEPS settlement' },
  fundRequest: { stream: 'fund-request', label: 'Fund request' },
  // Issue 25: a shop's domestic money transfer for a walk-in remitter.
  dmt: { stream: 'dmt', label: 'Money transfer (DMT)' },
  // Issue 26: AEPS at the counter; the money kinds only (an enquiry moves nothing).
  aepsWithdrawal: { stream: 'aeps', label: 'AEPS cash withdrawal' },
  aadhaarPay: { stream: 'aadhaar-pay', label: 'Aadhaar Pay' },
  // Issue 26: a shop moves its AEPS balance to its own main wallet, at once.
  aepsToWallet: { stream: 'aeps-move', label: 'AEPS balance to wallet' },
  // Issue 27: a shop pays a customer's bill through Bharat BillPay.
  bbps: { stream: 'bbps', label: 'Bill payment (BBPS)' },
  // Issue 28: a shop sells a rent agreement (stamp duty + service charge from its wallet).
  rent: { stream: 'rent', label: 'Rent agreement' },
  // Issue 28: a wallet loaded through a payment gateway (Pay10, Finkeda, Paycel).
  pgLoad: { stream: 'pg-load', label: 'Wallet load (gateway)' },
} as const;

/** A record's `type`: 'walletTransfer', 'walletCredit', 'payout', 'aepsSettlement'. */
export type TransactionKind = keyof typeof TRANSACTION_KINDS;

/** The kinds that leave through the bank rail: a bank payout, or an AEPS settlement. */
export type PayoutKind = Extract<TransactionKind, 'payout' | 'aepsSettlement'>;

/**
 * Every spelling of a payout kind, in one row each (issue 24): the record type (the key), the
 * stream prefix the payouts table and the log keep (TRANSACTION_KINDS), the words the transfer
 * body's `type` may carry (the first is the canonical one; an empty `type` is a bank payout), the
 * payment-operations filter's word, the saved beneficiary's kind it pays, the ledger account the
 * money leaves, the service (and menu item) it needs, and whether it may be sent as an unlimited
 * payout (bank payouts only). Code converts through this table, never with a hand-written
 * `kind === 'payout' ? … : …`: the lint refuses one (eslint/payout-kinds.mjs).
 */
export const PAYOUT_KINDS = {
  payout: {
    bodyTypes: ['payout', 'bank'],
    beneficiary: 'bank',
    account: 'wallet',
    service: 'payout',
    mayBeUnlimited: true,
  },
  aepsSettlement: {
    bodyTypes: ['aeps'],
    beneficiary: 'aeps',
    account: 'aeps',
    service: 'aepsSettlement',
    mayBeUnlimited: false,
  },
} as const satisfies Record<
  PayoutKind,
  {
    bodyTypes: readonly string[];
    beneficiary: 'bank' | 'aeps';
    account: 'wallet' | 'aeps';
    service: PayoutKind;
    mayBeUnlimited: boolean;
  }
>;

export type PayoutKindSpelling<F extends keyof (typeof PAYOUT_KINDS)[PayoutKind]> =
  (typeof PAYOUT_KINDS)[PayoutKind][F];

/** The payout kind of a transfer body's `type` (`payout`, `bank`, `aeps`; empty: a bank payout). */
export function payoutKindOfBodyType(value: unknown): PayoutKind | undefined {
  if (value === undefined || value === null || value === '') return 'payout';
  return payoutKinds().find((kind) =>
    (PAYOUT_KINDS[kind].bodyTypes as readonly unknown[]).includes(value),
  );
}

/** The payout kind of a stream prefix as the payouts table keeps it (`aeps-settlement`). */
export function payoutKindOfStream(prefix: string): PayoutKind | undefined {
  return payoutKinds().find((kind) => TRANSACTION_KINDS[kind].stream === prefix);
}

export function payoutKinds(): PayoutKind[] {
  return Object.keys(PAYOUT_KINDS) as PayoutKind[];
}

export function isPayoutKind(value: unknown): value is PayoutKind {
  return typeof value === 'string' && Object.hasOwn(PAYOUT_KINDS, value);
}

/** The ledger stream prefix of a kind, as the log spells it. */
export type StreamPrefix<K extends TransactionKind = TransactionKind> =
  (typeof TRANSACTION_KINDS)[K]['stream'];

export function isTransactionKind(value: unknown): value is TransactionKind {
  return typeof value === 'string' && Object.hasOwn(TRANSACTION_KINDS, value);
}

export function streamPrefixOf<K extends TransactionKind>(kind: K): StreamPrefix<K> {
  return TRANSACTION_KINDS[kind].stream;
}

/** The kind a stream prefix belongs to (`aeps-settlement` → `aepsSettlement`). */
export function kindOfStreamPrefix(prefix: string): TransactionKind | undefined {
  return (Object.keys(TRANSACTION_KINDS) as TransactionKind[]).find(
    (kind) => TRANSACTION_KINDS[kind].stream === prefix,
  );
}

/** The words a report shows for a record type; an unknown type is shown as it came. */
export function transactionKindLabel(type: string): string {
  return isTransactionKind(type) ? TRANSACTION_KINDS[type].label : type;
}

/**
 * Where a transaction stands. `success` for a movement done at once (transfers, credits);
 * a payout goes queued → processing → processed, or failed, or reversed (a late bank return).
 */
export const TRANSACTION_STATUSES = [
  'success',
  'queued',
  'processing',
  'processed',
  'reversed',
  'failed',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  success: 'Success',
  queued: 'Queued',
  processing: 'Processing',
  processed: 'Processed',
  reversed: 'Reversed',
  failed: 'Failed',
};

/**
 * Money moved for good: a movement done at once (`success`) or a payment the bank made and has
 * not returned (`processed`). A report's amount and fee totals count these alone (issue 23), as
 * Monthly Stats does: a failed or reversed payment moved nothing in the end (its fee was given
 * back), and one still queued or processing is only held.
 */
export const MONEY_MOVED_STATUSES: readonly TransactionStatus[] = ['success', 'processed'];

/** The bank has not answered yet: money is held, the status can still change. */
export const IN_FLIGHT_STATUSES: readonly TransactionStatus[] = ['queued', 'processing'];

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return TRANSACTION_STATUSES.some((status) => status === value);
}
