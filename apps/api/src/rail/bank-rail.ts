import type { PaymentMode } from '@khata/domain';
import type { RailAdapter, RailOutcome } from './rail-adapter.js';

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

export type AccountCheck =
  { verified: true; payeeName: string } | { verified: false; reason: string };

export abstract class BankRail implements RailAdapter<RailTransfer> {
  /** Sends once per reference. Throws RailUnavailableError when the outcome is unknown. */
  abstract send(transfer: RailTransfer): Promise<RailOutcome>;
  /** What became of a reference; `not-found` means the rail never took it (safe to send). */
  abstract status(reference: string): Promise<RailOutcome | { status: 'not-found' }>;
  /** Penny drop: verified only when the bank returns the payee's name. */
  abstract verifyAccount(account: { accountNumber: string; ifsc: string }): Promise<AccountCheck>;
}
