import {
  orderIdOfSeq,
  paiseToRupees,
  type Counterparty,
  type Paise,
  type TransactionRecord,
  type TransactionStatus,
} from '@khata/domain';
import type { RecordOpened } from '@khata/ledger';

export type { Counterparty, TransactionRecord } from '@khata/domain';

/**
 * What a transaction record is built from, whichever side knows it: a row of the read model,
 * a payout row, or the facts of the ledger event that opened it. Amounts in paise.
 */
export interface RecordSource {
  id: string;
  type: string;
  status: TransactionStatus;
  direction: 'debit' | 'credit';
  amount: Paise;
  fee: Paise;
  /** The receipt's `payload.data`, this party's own details laid over the shared ones. */
  details: Record<string, unknown>;
  remitterMobile: string | null;
  externalRef: string | null;
  message: string | null;
  /** The seq of the ledger event that opened the transaction: the order id is made from it. */
  openedSeq: string;
  balanceAfter: Paise | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The readable order id of a transaction, from the seq of the event that opened it: a string
 * where a seq is carried as one (events, `orderSeq::text`), a number as a row reads it.
 */
export function orderId(seq: string | number): string {
  return orderIdOfSeq(seq);
}

/**
 * The one mapper to the wire record: the payout path and the report/receipt path both come
 * through here, so the same transaction has the same fields whichever call answers.
 */
export function toTransactionRecord(source: RecordSource): TransactionRecord {
  const { type, direction, details, remitterMobile } = source;
  return {
    _id: source.id,
    type,
    status: source.status,
    direction,
    amount: { amount: paiseToRupees(source.amount) },
    fee: paiseToRupees(source.fee),
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
    payload: { orderID: orderId(source.openedSeq), data: details },
    externalRef: source.externalRef,
    txnReferenceId: source.id,
    remitterMobile,
    balanceAfter: source.balanceAfter === null ? null : paiseToRupees(source.balanceAfter),
    message: source.message,
    counterparty: counterpartyOf(type, direction, details, remitterMobile),
    ...settlementOf(direction, source.status, source.amount, source.fee),
  };
}

/**
 * The record an event opened, as one party sees it, from the event's own facts: what a command
 * answers right after its append, before the projection has run.
 */
export function openedRecordSource(opened: {
  seq: string;
  stream: string;
  facts: RecordOpened;
  userId: string;
  at: Date;
  balanceAfter: Paise | null;
}): RecordSource | undefined {
  const { facts } = opened;
  const party = facts.parties.find((candidate) => candidate.userId === opened.userId);
  if (!party) return undefined;
  return {
    id: opened.stream.slice(opened.stream.indexOf(':') + 1),
    type: facts.type,
    status: facts.status,
    direction: party.direction,
    amount: party.amount,
    fee: party.fee,
    details: { ...facts.details, ...party.details },
    remitterMobile: facts.remitterMobile ?? null,
    externalRef: facts.externalRef ?? null,
    message: null,
    openedSeq: opened.seq,
    balanceAfter: opened.balanceAfter,
    createdAt: opened.at,
    updatedAt: opened.at,
  };
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
const POSTED: readonly TransactionStatus[] = ['success', 'processed'];
const HELD: readonly TransactionStatus[] = ['queued', 'processing'];

/**
 * What a transaction has done to its party's account, from its status: paid (amount and fee
 * posted), waiting (held), or failed / returned (nothing, the hold voided or the money back).
 */
export function settlementOf(
  direction: 'debit' | 'credit',
  status: TransactionStatus,
  amount: Paise,
  fee: Paise,
): { balanceChange: number; onHold: number } {
  const change = direction === 'debit' ? -(amount + fee) : amount - fee;
  return {
    balanceChange: POSTED.includes(status) ? paiseToRupees(change) : 0,
    onHold: direction === 'debit' && HELD.includes(status) ? paiseToRupees(amount + fee) : 0,
  };
}
