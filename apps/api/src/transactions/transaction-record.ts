import { paiseToRupees, type Paise } from '@khata/domain';
import type { RecordStatus } from '@khata/ledger';

/** The other side of a transaction as one party sees it (an extension of API.md's record). */
export interface Counterparty {
  /** Whom a debit paid (the beneficiary, the recipient's wallet), or who sent a credit. */
  name: string | null;
  /** Their masked account number or mobile number, when known. */
  reference: string | null;
}

/**
 * The receipt of a money movement as one user sees it (API.md "transaction record"), amounts
 * in rupees. Read from the transaction read model, which is projected from the ledger log.
 */
export interface TransactionRecord {
  /** The business transaction's id (a transfer, credit or payout id): the same for every party. */
  _id: string;
  type: string;
  status: RecordStatus;
  /** From this user's side: `debit` paid out of their account, `credit` paid into it. */
  direction: 'debit' | 'credit';
  amount: { amount: number };
  fee: number;
  createdAt: string;
  updatedAt: string;
  payload: { orderID: string; data: Record<string, unknown> };
  externalRef: string | null;
  txnReferenceId: string;
  remitterMobile: string | null;
  /** The account's posted balance right after this transaction last moved it. */
  balanceAfter: number | null;
  /** Why, for failed and reversed transactions. */
  message: string | null;
  /** Who is on the other side: for the recipient of a transfer, the sender. */
  counterparty: Counterparty;
  /**
   * Rupees, signed: what this transaction has done to the account's posted balance so far,
   * fee included (−(amount + fee) once a payout is paid, 0 after a failure or a return). The
   * ledger report's lines of the transaction add up to the same figure.
   */
  balanceChange: number;
  /** Rupees still held for it (amount + fee while a payout waits for the bank), else 0. */
  onHold: number;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The other side, read from the record's details (and the remitter, for older credits). */
export function counterpartyOf(
  type: string,
  direction: 'debit' | 'credit',
  details: Record<string, unknown>,
  remitterMobile: string | null,
): Counterparty {
  if (direction === 'credit') {
    return {
      name: text(details.senderName) ?? (type === 'walletCredit' ? 'Khata' : null),
      reference: text(details.senderMobile) ?? remitterMobile,
    };
  }
  return {
    name: text(details.beneficiaryName),
    reference: text(details.beneficiaryAccountNumber) ?? text(details.beneficiaryMobile),
  };
}

/** Money is posted once a transaction succeeds; a payout waiting for the bank is only held. */
const POSTED: readonly RecordStatus[] = ['success', 'processed'];
const HELD: readonly RecordStatus[] = ['queued', 'processing'];

/**
 * What a transaction has done to its party's account, from its status: paid (amount and fee
 * posted), waiting (held), or failed / returned (nothing, the hold voided or the money back).
 */
export function settlementOf(
  direction: 'debit' | 'credit',
  status: RecordStatus,
  amount: Paise,
  fee: Paise,
): { balanceChange: number; onHold: number } {
  const change = direction === 'debit' ? -(amount + fee) : amount - fee;
  return {
    balanceChange: POSTED.includes(status) ? paiseToRupees(change) : 0,
    onHold: direction === 'debit' && HELD.includes(status) ? paiseToRupees(amount + fee) : 0,
  };
}
