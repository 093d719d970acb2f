import type { PaymentMode } from '@khata/domain';

/**
 * The bank rail: how money leaves Khata for a bank account, and how an account is checked
 * (a penny drop in real life). One interface, two adapters: the sandbox (default; behaves like
 * a provider by documented rules) and a real provider plugged in behind the same methods.
 */
export interface RailTransfer {
  /** The payout id. The rail's own idempotency key: sending it twice pays once. */
  reference: string;
  accountNumber: string;
  ifsc: string;
  name: string;
  /** Integer paise. */
  amount: number;
  mode: PaymentMode;
}

export type RailOutcome =
  /** Paid; the UTR is the bank's reference. */
  | { status: 'processed'; utr: string }
  /** Refused before any money moved (closed account, bad IFSC…). */
  | { status: 'failed'; reason: string }
  /** Accepted, no final answer yet: ask again later with `status`. */
  | { status: 'pending' }
  /** Paid, then returned by the beneficiary bank (a late return). */
  | { status: 'reversed'; reason: string; utr?: string };

/** The rail's answer is unknown (timeout, 5xx, connection reset): never send again blindly. */
export class RailUnavailableError extends Error {
  constructor(message = 'The bank rail did not answer.') {
    super(message);
    this.name = 'RailUnavailableError';
  }
}

export type AccountCheck =
  { verified: true; payeeName: string } | { verified: false; reason: string };

export abstract class BankRail {
  /** Sends once per reference. Throws RailUnavailableError when the outcome is unknown. */
  abstract send(transfer: RailTransfer): Promise<RailOutcome>;
  /** What became of a reference; `not-found` means the rail never took it (safe to send). */
  abstract status(reference: string): Promise<RailOutcome | { status: 'not-found' }>;
  /** Penny drop: verified only when the bank returns the payee's name. */
  abstract verifyAccount(account: { accountNumber: string; ifsc: string }): Promise<AccountCheck>;
}
