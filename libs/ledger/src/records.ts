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
