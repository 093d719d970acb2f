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
  /** Rupees: every credit and every debit of the range's lines (holds move neither). */
  totals: { credit: number; debit: number };
}

/** One row of the statement's lines (statementLinesSql). */
export interface StatementRow {
  seq: number;
  at: Date;
  event_type: string;
  /**
   * The seq of the event that opened the line's transaction (its order id, as the receipt and
   * the reports print it); null for a movement that opens none (a lien, a deposit).
   */
  opened_seq?: number | string | null;
  context: string;
  moved_status: string | null;
  record_type: string | null;
  direction: 'debit' | 'credit' | null;
  details: Record<string, unknown> | null;
  remitter_mobile: string | null;
  /** The retailer whose payment earned a commission line (`commission` and `tds` lines). */
  payer_name?: string | null;
  /** The line's place: the posting it follows, then `seq`, then its part. */
  anchor?: number;
  ord?: number;
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
 * - a commission posting (issue 13: the net of TDS, into an upline's commission account) read
 *   back from the event's split as the gross commission and the TDS withheld, two lines;
 * - each hold placed on the account, and each released without being paid (voided: the payout
 *   failed or was reversed before payment; or expired), with the posted balance of the moment.
 * Lines sort by `anchor` (the posting, or for a hold the last posting before it), then `seq`,
 * then `ord`. Every line names the transaction it belongs to from the event that opened its
 * stream (the posting's own event when it opened it: no second read). `OFFSET 0` keeps each
 * lateral step computed once per row: pulled up, its expressions would be copied into every
 * place that uses them and evaluated again there (5 of 7 s over 100,000 postings).
 *
 * `window` (a parameter, e.g. `$4`) keeps only the first that many entries (postings and
 * holds) in that order before any line is made: a page whose last line is at most `window`
 * lines in needs no more (every entry makes at least one line), so the first pages of a range
 * of a million postings read a few rows through `ledger_postings_account_idx`, not the range.
 *
 * `streamed` (the CSV export) sorts the entries once, before any line is made, and `lines`
 * then comes out in LINE_ORDER with no sort of its own: every later step is a nested loop over
 * the materialized, ordered entries, which keeps their order, and each entry's parts come in
 * `ord` order. The export reads `SELECT * FROM lines` without an ORDER BY, so its first row
 * leaves after the sort of the entries, not after every line of the range is made and sorted
 * (a million postings: 3 s instead of 59 s to the first row, bench:reports); the export checks
 * the order of every row it writes (StatementOrder) and breaks the download rather than write
 * a line out of place.
 */
export function statementLinesSql({
  window,
  streamed,
}: { window?: string; streamed?: boolean } = {}): string {
  const first = (order: string) => (window ? `ORDER BY ${order} LIMIT ${window}` : '');
  return `
  WITH acct AS MATERIALIZED (
    SELECT b.account_id, b.owner_id, b.kind FROM ledger_balances_view b WHERE b.account_id = $1
  ),
  postings AS (
    SELECT e.seq, e.occurred_at AS at, e.type AS event_type, e.stream AS context,
           e.data->'record'->>'status' AS moved_status, 'posting' AS source,
           p.id AS anchor, p.amount, p.balance_after, e.data->'split' AS split,
           CASE WHEN e.data->'record'->>'kind' = 'open' THEN e.data->'record' END AS own_record
      FROM ledger_postings_view p JOIN ledger_events_view e ON e.seq = p.event_seq
     WHERE p.account_id = $1 AND ${inRange}
     ${first('p.id')}
  ),
  holds AS (
    SELECT e.seq, e.occurred_at AS at, e.type AS event_type, placed.stream AS context,
           e.data->'record'->>'status' AS moved_status,
           CASE WHEN e.seq = h.placed_seq THEN 'hold' ELSE 'release' END AS source,
           coalesce(before.id, 0) AS anchor,
           CASE WHEN e.seq = h.placed_seq THEN h.amount ELSE -h.amount END AS amount,
           coalesce(before.balance_after, 0) AS balance_after, NULL::jsonb AS split,
           NULL::jsonb AS own_record
      FROM ledger_holds_view h
      JOIN ledger_events_view placed ON placed.seq = h.placed_seq
      JOIN ledger_events_view e ON e.seq = h.placed_seq OR (h.status = 'voided' AND e.seq = h.closed_seq)
      LEFT JOIN LATERAL (
        SELECT p.id, p.balance_after FROM ledger_postings_view p
         WHERE p.account_id = $1 AND p.event_seq < e.seq ORDER BY p.id DESC LIMIT 1) before ON true
     WHERE h.account_id = $1 AND ${inRange}
     ${first('anchor, seq')}
  ),
  entries AS ${streamed ? 'MATERIALIZED' : ''} (
    SELECT * FROM (SELECT * FROM postings UNION ALL SELECT * FROM holds) u
    ${streamed ? 'ORDER BY anchor, seq' : first('anchor, seq')}
  ),
  lines AS (
    SELECT x.seq, x.at, x.event_type, x.context, x.moved_status, x.anchor, opened.seq AS opened_seq,
           CASE WHEN mine.party IS NOT NULL OR com.gross IS NOT NULL
                THEN opened.record->>'type' END AS record_type,
           mine.party->>'direction' AS direction,
           coalesce(opened.record->'details', '{}') || coalesce(mine.party->'details', '{}') AS details,
           opened.record->>'remitterMobile' AS remitter_mobile,
           CASE WHEN com.gross IS NOT NULL THEN (
             SELECT u.name FROM users u
              WHERE u.id = (jsonb_path_query_first(opened.record->'parties',
                                                   '$[*] ? (@.direction == "debit")')->>'userId')::uuid)
           END AS payer_name,
           part.ord, part.kind, part.amount, part.held, part.balance_after
      FROM entries x
      LEFT JOIN LATERAL (
        SELECT x.own_record AS record, x.seq WHERE x.own_record IS NOT NULL
        UNION ALL
        (SELECT o.data->'record', o.seq FROM ledger_events_view o
          WHERE x.own_record IS NULL AND o.stream = x.context AND o.data->'record'->>'kind' = 'open'
          ORDER BY o.stream_version LIMIT 1)) opened ON true
      CROSS JOIN LATERAL (
        SELECT jsonb_path_query_first(opened.record->'parties', '$[*] ? (@.accountId == $account)',
                                      jsonb_build_object('account', $1::text)) AS party
        OFFSET 0) mine
      LEFT JOIN LATERAL (
        SELECT (c->>'gross')::bigint AS gross, (c->>'tds')::bigint AS tds
          FROM acct CROSS JOIN LATERAL jsonb_array_elements(x.split->'commissions') AS shares (c)
         WHERE x.source = 'posting' AND acct.kind = 'commission'
           AND c->>'userId' = acct.owner_id::text AND abs(x.amount) = (c->>'net')::bigint
         LIMIT 1) com ON true
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.amount < 0 THEN -1 ELSE 1 END::bigint AS sign,
               (mine.party->>'amount')::bigint AS principal,
               coalesce((mine.party->>'fee')::bigint, 0) AS fee OFFSET 0) f
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.source = 'posting' AND f.fee > 0 AND abs(x.amount) = f.principal + f.fee
                    THEN f.sign * f.fee ELSE 0 END AS fee,
               CASE WHEN com.gross IS NOT NULL THEN -f.sign * com.tds ELSE 0 END AS tds OFFSET 0) split
      CROSS JOIN LATERAL (VALUES
        (1, CASE WHEN x.source <> 'posting' THEN x.source
                 WHEN com.gross IS NOT NULL THEN 'commission' ELSE 'amount' END,
            CASE WHEN x.source = 'posting' THEN x.amount - split.fee - split.tds ELSE 0 END,
            CASE WHEN x.source = 'posting' THEN 0 ELSE x.amount END,
            x.balance_after - split.fee - split.tds),
        (2, CASE WHEN split.tds <> 0 THEN 'tds' ELSE 'fee' END, split.fee + split.tds, 0,
            x.balance_after)) AS part (ord, kind, amount, held, balance_after)
     WHERE part.ord = 1 OR split.fee + split.tds <> 0
  )`;
}

/** The order of a statement's lines, oldest first. */
export const LINE_ORDER = 'anchor, seq, ord';

/** The whole statement of account $1 from day $2 to day $3 (no window). */
export const STATEMENT_LINES = statementLinesSql();

/** The whole statement, its lines in LINE_ORDER without a sort of their own (the CSV export). */
export const STREAMED_STATEMENT_LINES = `${statementLinesSql({ streamed: true })} SELECT * FROM lines`;

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
