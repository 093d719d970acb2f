import {
  BUSINESS_TIME_ZONE,
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
}

/** One row of STATEMENT_LINES. */
export interface StatementRow {
  seq: number;
  at: Date;
  event_type: string;
  context: string;
  moved_status: string | null;
  record_type: string | null;
  direction: 'debit' | 'credit' | null;
  details: Record<string, unknown> | null;
  remitter_mobile: string | null;
  kind: StatementLineKind;
  amount: number;
  held: number;
  balance_after: number;
}

/** SQL for the moment the Indian day in `param` (a `YYYY-MM-DD` parameter) starts: midnight IST. */
export const dayStart = (param: string) =>
  `((${param}::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')`;
const inRange = `e.occurred_at >= ${dayStart('$2')} AND e.occurred_at < ${dayStart('$3')} + interval '1 day'`;

/**
 * `lines`, the statement of account $1 from day $2 to day $3, read from the ledger log alone:
 * - each posting; when it carries a fee with the amount (a payout paid: amount + fee in one
 *   posting, or a return of both), the fee is split off into a line of its own, the balance
 *   after each part as it stood;
 * - each hold placed on the account, and each released without being paid (voided: the payout
 *   failed or was reversed before payment; or expired), with the posted balance of the moment.
 * Lines sort by `anchor` (the posting, or for a hold the last posting before it), then `ord`.
 * Every line names the transaction it belongs to from the event that opened its stream.
 */
export const STATEMENT_LINES = `
  WITH entries AS (
    SELECT e.seq, e.occurred_at AS at, e.type AS event_type, e.stream AS context,
           e.data->'record'->>'status' AS moved_status, 'posting' AS source,
           p.id AS anchor, p.amount, p.balance_after
      FROM ledger_postings_view p JOIN ledger_events_view e ON e.seq = p.event_seq
     WHERE p.account_id = $1 AND ${inRange}
    UNION ALL
    SELECT e.seq, e.occurred_at, e.type, placed.stream, e.data->'record'->>'status',
           CASE WHEN e.seq = h.placed_seq THEN 'hold' ELSE 'release' END,
           coalesce(before.id, 0), CASE WHEN e.seq = h.placed_seq THEN h.amount ELSE -h.amount END,
           coalesce(before.balance_after, 0)
      FROM ledger_holds_view h
      JOIN ledger_events_view placed ON placed.seq = h.placed_seq
      JOIN ledger_events_view e ON e.seq = h.placed_seq OR (h.status = 'voided' AND e.seq = h.closed_seq)
      LEFT JOIN LATERAL (
        SELECT p.id, p.balance_after FROM ledger_postings_view p
         WHERE p.account_id = $1 AND p.event_seq < e.seq ORDER BY p.id DESC LIMIT 1) before ON true
     WHERE h.account_id = $1 AND ${inRange}
  ),
  lines AS (
    SELECT x.seq, x.at, x.event_type, x.context, x.moved_status, x.anchor,
           f.record_type, f.direction, f.details, f.remitter_mobile,
           part.ord, part.kind, part.amount, part.held, part.balance_after
      FROM entries x
      LEFT JOIN LATERAL (
        SELECT o.data->'record'->>'type' AS record_type, party->>'direction' AS direction,
               coalesce(o.data->'record'->'details', '{}') || coalesce(party->'details', '{}') AS details,
               o.data->'record'->>'remitterMobile' AS remitter_mobile,
               (party->>'amount')::bigint AS principal, coalesce((party->>'fee')::bigint, 0) AS fee
          FROM ledger_events_view o CROSS JOIN LATERAL jsonb_array_elements(o.data->'record'->'parties') party
         WHERE o.stream = x.context AND o.data->'record'->>'kind' = 'open'
           AND party->>'accountId' = $1::text
         ORDER BY o.stream_version LIMIT 1) f ON true
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.source = 'posting' AND f.fee > 0 AND abs(x.amount) = f.principal + f.fee
                    THEN CASE WHEN x.amount < 0 THEN -f.fee ELSE f.fee END ELSE 0 END AS fee) split
      CROSS JOIN LATERAL (VALUES
        (1, CASE WHEN x.source = 'posting' THEN 'amount' ELSE x.source END,
            CASE WHEN x.source = 'posting' THEN x.amount - split.fee ELSE 0 END,
            CASE WHEN x.source = 'posting' THEN 0 ELSE x.amount END,
            x.balance_after - split.fee),
        (2, 'fee', split.fee, 0, x.balance_after)) AS part (ord, kind, amount, held, balance_after)
     WHERE part.ord = 1 OR split.fee <> 0
  )`;

export function toStatementLine(row: StatementRow): StatementLine {
  const amount = row.amount;
  const details = row.details ?? undefined;
  return {
    orderID: orderId(row.seq),
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
  if (!row.record_type || !row.direction) {
    return EVENTS[row.event_type] ?? (amount >= 0 ? 'Credit' : 'Debit');
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

/** The other side and the remark, as the report always showed them: `Asha Verma · rent`. */
function describe(row: StatementRow, details: Record<string, unknown> | undefined): string | null {
  if (!details || !row.record_type || !row.direction) return null;
  const { name } = counterpartyOf(row.record_type, row.direction, details, row.remitter_mobile);
  const remark = details.remark ?? null;
  return [name, remark].filter((part) => typeof part === 'string' && part).join(' · ') || null;
}
