import type { StatementRange, StatementRow } from '@khata/ledger';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  indiaDayStart,
  isTransactionKind,
  paiseToRupees,
  TRANSACTION_KINDS,
  type StatementLine,
  type StatementLineKind,
} from '@khata/domain';
import { counterpartyOf, orderId } from './transaction-record.js';

export type { StatementLine, StatementLineKind };

export interface Statement {
  lines: StatementLine[];
  total: number;
  openingBalance: number;
  closingBalance: number;
  /** Rupees: every credit and every debit of the range's lines (holds move neither). */
  totals: { credit: number; debit: number };
}

/** One row of the statement's lines, as libs/ledger reads them (LedgerStatements). */
export type { StatementRow };

/** SQL for the moment the Indian day in `param` (a `YYYY-MM-DD` parameter) starts: midnight IST. */
export const dayStart = (param: string) =>
  `((${param}::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')`;

/** The instants of India days `from` to `to`, both included: what the ledger's statement reads. */
export function statementRangeOf(days: { from: string; to: string }): StatementRange {
  return { start: indiaDayStart(days.from), end: indiaDayStart(addDays(days.to, 1)) };
}

/**
 * Holds a streamed statement to LINE_ORDER: each row must not come before the one before it, else
 * `next` throws (the export then ends as a broken download, never a misordered file).
 */
export class StatementOrder {
  private last: [number, number, number] = [-1, -1, -1];

  next(row: { anchor?: number | string; seq: number | string; ord?: number | string }): void {
    const key: [number, number, number] = [Number(row.anchor), Number(row.seq), Number(row.ord)];
    const [a, b, c] = this.last;
    const after = key[0] > a || (key[0] === a && (key[1] > b || (key[1] === b && key[2] >= c)));
    if (!after)
      throw new Error(`statement line out of order: ${key.join('/')} after ${this.last.join('/')}`);
    this.last = key;
  }
}

export function toStatementLine(row: StatementRow): StatementLine {
  const amount = row.amount;
  const details = row.details ?? undefined;
  return {
    // The transaction's order id (issue 23: not the number of the event that moved this line).
    orderID: orderId(row.opened_seq ?? row.seq),
    at: row.at.toISOString(),
    eventType: row.event_type,
    recordType: row.record_type,
    recordId: row.record_type ? row.context.slice(row.context.indexOf(':') + 1) : null,
    description: describe(row, details),
    kind: row.kind,
    narration: narrate(row),
    credit: amount > 0 ? paiseToRupees(amount) : 0,
    debit: amount < 0 ? paiseToRupees(-amount) : 0,
    held: paiseToRupees(row.held),
    balanceAfter: paiseToRupees(row.balance_after),
  };
}

/** Events that open no transaction, in words. */
const EVENTS: Record<string, string> = {
  'wallet.credited': 'Wallet credit',
  'wallet.debited': 'Wallet debit',
  'wallet.transferred': 'Wallet transfer',
  'hold.expired': 'Hold expired',
  // Issue 13: money an admin set aside from the wallet, and gave back.
  'lien.placed': 'Lien placed',
  'lien.released': 'Lien released',
  'security.held': 'Security deposit held',
  'security.released': 'Security deposit released',
};

/** A statement line in plain words: what happened, with whom, and for a hold why it ended. */
export function narrate(row: Omit<StatementRow, 'seq' | 'at' | 'balance_after' | 'held'>): string {
  const amount = row.amount;
  if (row.kind === 'commission' || row.kind === 'tds') return narrateCommission(row);
  if (!row.record_type || !row.direction) {
    return EVENTS[row.event_type] ?? (amount >= 0 ? 'Credit' : 'Debit');
  }
  // Issue 14: Khata's compensation for a late return says what it is for, nothing more.
  if (typeof row.details?.compensationFor === 'string' && typeof row.details.remark === 'string') {
    return row.details.remark;
  }
  const kind = isTransactionKind(row.record_type)
    ? TRANSACTION_KINDS[row.record_type].label
    : 'Transaction';
  const other = counterpartyOf(
    row.record_type,
    row.direction,
    row.details ?? {},
    row.remitter_mobile,
  );
  const who = [other.name, other.reference && `(${other.reference})`].filter(Boolean).join(' ');
  const toWhom = `${kind} ${row.direction === 'credit' ? 'from' : 'to'} ${who || 'another account'}`;
  const lower = toWhom.charAt(0).toLowerCase() + toWhom.slice(1);
  const remark =
    typeof row.details?.remark === 'string' && row.details.remark ? ` · ${row.details.remark}` : '';
  switch (row.kind) {
    case 'hold':
      return `On hold: ${lower}, waiting for the bank (amount and fee)`;
    case 'release':
      if (row.event_type === 'hold.expired') return `Hold expired, money free again: ${lower}`;
      return row.moved_status === 'reversed'
        ? `Hold released, money free again: ${lower} was reversed`
        : `Hold released, money free again: ${lower} failed`;
    case 'fee':
      return amount < 0 ? `Fee for ${lower}` : `Fee refunded: ${lower} was returned`;
    case 'amount':
      // Money back into the paying account: the bank returned a payment it had made.
      if (row.direction === 'debit' && amount > 0) return `Returned by the bank: ${lower}`;
      return `${toWhom}${remark}`;
  }
}

/**
 * A commission line (the gross an upline earned on a retailer's payment) and the TDS withheld
 * from it under section 194H, or both undone when the bank returned the payment.
 */
function narrateCommission(row: Omit<StatementRow, 'seq' | 'at' | 'balance_after' | 'held'>) {
  const kind =
    row.record_type && isTransactionKind(row.record_type)
      ? TRANSACTION_KINDS[row.record_type].label.toLowerCase()
      : 'payment';
  const payer = row.payer_name || 'a retailer';
  if (row.kind === 'commission') {
    return row.amount >= 0
      ? `Commission from ${payer} on a ${kind}`
      : `Commission reversed: ${payer}'s ${kind} was returned by the bank`;
  }
  return row.amount <= 0
    ? `TDS 194H withheld on commission from ${payer}`
    : `TDS 194H given back: ${payer}'s ${kind} was returned by the bank`;
}

/** The other side and the remark, as the report always showed them: `Asha Verma · rent`. */
function describe(row: StatementRow, details: Record<string, unknown> | undefined): string | null {
  if (!details || !row.record_type || !row.direction) return null;
  const { name } = counterpartyOf(row.record_type, row.direction, details, row.remitter_mobile);
  const remark = details.remark ?? null;
  return [name, remark].filter((part) => typeof part === 'string' && part).join(' · ') || null;
}
