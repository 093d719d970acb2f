/**
 * What a ledger event says about the transaction report (the `data.record` of an event).
 * The transaction read model is projected from these facts alone, so it can be rebuilt from
 * the log. The first event of a stream opens the stream's records (one per party); later
 * events on the same stream move their status on.
 */
export type RecordStatus =
  'success' | 'queued' | 'processing' | 'processed' | 'reversed' | 'failed';

export interface RecordParty {
  userId: string;
  /** The party's account this transaction moves (wallet, aeps…): its balance is shown after. */
  accountId: string;
  direction: 'debit' | 'credit';
  /** Principal in paise, positive. */
  amount: number;
  /** Fee in paise charged to this party, 0 when none. */
  fee: number;
  /**
   * What only this party's record shows, laid over the shared `details`: the recipient of a
   * transfer sees who sent it (`senderName`, `senderMobile`), not their own name.
   */
  details?: Record<string, unknown>;
}

export interface RecordOpened {
  kind: 'open';
  /** The business type shown in reports: 'walletTransfer', 'walletCredit', 'payout', 'aepsSettlement'. */
  type: string;
  status: RecordStatus;
  parties: RecordParty[];
  /** The receipt's `payload.data`: beneficiaryName, beneficiaryAccountNumber (masked), beneficiaryIfscCode, paymentMode, remark… */
  details: Record<string, unknown>;
  remitterMobile?: string | null;
  externalRef?: string | null;
}

export interface RecordMoved {
  kind: 'status';
  status: RecordStatus;
  /** Bank reference / UTR once known. */
  externalRef?: string | null;
  /** Why, for failed and reversed. */
  message?: string | null;
}

export type RecordFacts = RecordOpened | RecordMoved;

/**
 * What the ledger reads of an event's commission split (`data.split`, issue 13): libs/domain's
 * `CommissionSplit` is written there, and must keep these fields.
 */
export interface RecordedSplit {
  fee: number;
  gst: number;
  tds: number;
  commissions: { userId: string; gross: number; tds: number; net: number }[];
  /**
   * An AEPS withdrawal's shop line (issue 26), paid to the shop's wallet, not to a commission
   * account: kept out of `commissions` so the month's "commissions equal their legs" holds.
   */
  earner?: { userId: string; gross: number; tds: number; net: number } | null;
}

/**
 * The fields of an event's `data` that the ledger's reads parse (statements, the month, the
 * payment tracker, commissions): the one description of an event's shape. Writers build their
 * `data` as this type (`satisfies LedgerEventData`), and the reads name its fields through the
 * checked keys below, so renaming a field is a compile error on both sides, not a silent NULL
 * in a report.
 */
export interface LedgerEventFields {
  record?: RecordFacts;
  split?: RecordedSplit;
  /** The payout an event of a payout or compensation stream belongs to. */
  payoutId?: string;
  /** Principal and fee in paise, as a payout's request and a compensation record them. */
  amount?: number;
  fee?: number;
  /** A bill payment's customer convenience fee in paise, apart from its amount (issue 27). */
  ccf?: number;
  /** When a payout with no `processing` event went to the bank (on its final event). */
  sentAt?: string | null;
}

/** An event's `data`: the fields the reads parse, and whatever else the writer keeps with them. */
export type LedgerEventData = LedgerEventFields & Record<string, unknown>;

type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;
type Share = RecordedSplit['commissions'][number];

/** A field of an event's `data`, checked against LedgerEventFields: for SQL (`data->'record'`). */
export const dataKey = <K extends KeysOf<LedgerEventFields>>(key: K): K => key;
/** A field of a record's facts (`data.record`), checked against RecordOpened and RecordMoved. */
export const recordKey = <K extends KeysOf<RecordFacts>>(key: K): K => key;
/** A field of a record's party (`data.record.parties[*]`). */
export const partyKey = <K extends KeysOf<RecordParty>>(key: K): K => key;
/** A field of a split (`data.split`). */
export const splitKey = <K extends KeysOf<RecordedSplit>>(key: K): K => key;
/** A field of a split's commission line (`data.split.commissions[*]`). */
export const shareKey = <K extends KeysOf<Share>>(key: K): K => key;

/**
 * The prefixes of the log's streams (`payout:<id>`): a stream belongs to one business object.
 * Those of transactions are libs/domain's TRANSACTION_KINDS streams; the others are the
 * ledger's own movements (a hold's expiry, an overdraft limit, a lien, a security deposit) and
 * Khata's compensation for a late return.
 */
export const STREAM_PREFIXES = [
  'transfer',
  'credit',
  'debit',
  'payout',
  'aeps-settlement',
  'fund-request',
  'dmt',
  'aeps',
  'aadhaar-pay',
  'aeps-move',
  'bbps',
  'rent',
  'pg-load',
  'compensation',
  'hold',
  'overdraft',
  'lien',
  'security',
] as const;
export type LedgerStreamPrefix = (typeof STREAM_PREFIXES)[number];

/** The stream of a business object: `payout:<id>`. */
export function ledgerStream(prefix: LedgerStreamPrefix, id: string): string {
  return `${prefix}:${id}`;
}
