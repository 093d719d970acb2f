import { dataKey, partyKey, recordKey, shareKey, splitKey } from './records.js';
import type { SqlClient } from './sql-client.js';

// The fields of an event's data the statement reads, checked against records.ts: a renamed
// field is a compile error here, not a column of NULLs in every statement.
const RECORD = dataKey('record');
const SPLIT = dataKey('split');
const STATUS = recordKey('status');
const KIND = recordKey('kind');
const TYPE = recordKey('type');
const DETAILS = recordKey('details');
const REMITTER_MOBILE = recordKey('remitterMobile');
const PARTIES = recordKey('parties');
const DIRECTION = partyKey('direction');
const PARTY_DETAILS = partyKey('details');
const PARTY_USER = partyKey('userId');
const PARTY_ACCOUNT = partyKey('accountId');
const FEE = partyKey('fee');
const COMMISSIONS = splitKey('commissions');
const SHARE_GROSS = shareKey('gross');
const SHARE_TDS = shareKey('tds');
const SHARE_USER = shareKey('userId');
const SHARE_NET = shareKey('net');

/** What a statement line is: a posting's amount, the fee or TDS split off it, a hold, a release. */
export type StatementEntryKind = 'amount' | 'fee' | 'hold' | 'release' | 'commission' | 'tds';

/** One line of an account's statement, as the ledger reads it from the log (statementLinesSql). */
export interface StatementRow {
  seq: number;
  at: Date;
  event_type: string;
  /**
   * The seq of the event that opened the line's transaction (its order id, as the receipt and
   * the reports print it); null for a movement that opens none (a lien, a deposit).
   */
  opened_seq?: number | string | null;
  /** The event's stream (`payout:<id>`). */
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
  kind: StatementEntryKind;
  amount: number;
  held: number;
  balance_after: number;
}

/** The instants a statement covers: from `start` (included) to `end` (excluded). */
export interface StatementRange {
  start: Date;
  end: Date;
}

/** A statement range's figures, in paise. */
export interface StatementSummary {
  total: number;
  credits: number;
  debits: number;
  /** The posted balance before the range (0 before any posting). */
  opening: number;
  /** The posted balance at the range's end (the opening when nothing moved since). */
  closing: number;
}

/**
 * The record statuses whose event moves a party's money (its principal and its fee together):
 * a movement done at once (`success`), a payment the bank made (`processed`, the hold posted),
 * a payment the bank returned (`reversed`, principal and fee back). A posting of such an event
 * on the party's own account carries the party's fee, which the statement shows as a line of
 * its own; any other posting carries none (issue 24: the fee line is found by what the event
 * is, not by an amount that happens to equal principal + fee).
 */
const MONEY_MOVING_STATUSES = `('success', 'processed', 'reversed')`;

/**
 * `lines`, the statement of account $1 from instant $2 (included) to $3 (excluded), read from
 * the ledger log alone:
 * - each posting; when the event moves the money of a transaction whose party this account
 *   is, and the party was charged a fee (a payout paid: amount + fee in one posting, or a
 *   return of both), the fee is split off into a line of its own, the balance after each
 *   part as it stood;
 * - a commission posting (issue 13: the net of TDS, into an upline's commission account) read
 *   back from the event's split as the gross commission and the TDS withheld, two lines;
 * - each hold placed on the account, and each released without being paid (voided: the payout
 *   failed or was reversed before payment; or expired), with the posted balance of the moment.
 * Lines sort by `anchor` (the posting, or for a hold the last posting before it), then `seq`,
 * then `ord` (LINE_ORDER). Every line names the transaction it belongs to from the event that
 * opened its stream (the posting's own event when it opened it: no second read). `OFFSET 0`
 * keeps each lateral step computed once per row: pulled up, its expressions would be copied
 * into every place that uses them and evaluated again there (5 of 7 s over 100,000 postings).
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
 * (a million postings: 3 s instead of 59 s to the first row, bench:reports).
 *
 * Kept as text built here rather than one SQL function: each form plans differently on purpose
 * (the window's LIMIT, the export's materialized order), which one function body cannot.
 */
export function statementLinesSql({
  window,
  streamed,
}: { window?: string; streamed?: boolean } = {}): string {
  const first = (order: string) => (window ? `ORDER BY ${order} LIMIT ${window}` : '');
  const inRange = 'e.occurred_at >= $2::timestamptz AND e.occurred_at < $3::timestamptz';
  return `
  WITH acct AS MATERIALIZED (
    SELECT b.account_id, b.owner_id, b.kind FROM ledger_balances_view b WHERE b.account_id = $1
  ),
  postings AS (
    SELECT e.seq, e.occurred_at AS at, e.type AS event_type, e.stream AS context,
           e.data->'${RECORD}'->>'${STATUS}' AS moved_status, 'posting' AS source,
           p.id AS anchor, p.amount, p.balance_after, e.data->'${SPLIT}' AS split,
           CASE WHEN e.data->'${RECORD}'->>'${KIND}' = 'open' THEN e.data->'${RECORD}' END AS own_record
      FROM ledger_postings_view p JOIN ledger_events_view e ON e.seq = p.event_seq
     WHERE p.account_id = $1 AND ${inRange}
     ${first('p.id')}
  ),
  holds AS (
    SELECT e.seq, e.occurred_at AS at, e.type AS event_type, placed.stream AS context,
           e.data->'${RECORD}'->>'${STATUS}' AS moved_status,
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
                THEN opened.record->>'${TYPE}' END AS record_type,
           mine.party->>'${DIRECTION}' AS direction,
           coalesce(opened.record->'${DETAILS}', '{}') || coalesce(mine.party->'${PARTY_DETAILS}', '{}') AS details,
           opened.record->>'${REMITTER_MOBILE}' AS remitter_mobile,
           CASE WHEN com.gross IS NOT NULL THEN (
             SELECT u.name FROM users u
              WHERE u.id = (jsonb_path_query_first(opened.record->'${PARTIES}',
                                                   '$[*] ? (@.${DIRECTION} == "debit")')->>'${PARTY_USER}')::uuid)
           END AS payer_name,
           part.ord, part.kind, part.amount, part.held, part.balance_after
      FROM entries x
      LEFT JOIN LATERAL (
        SELECT x.own_record AS record, x.seq WHERE x.own_record IS NOT NULL
        UNION ALL
        (SELECT o.data->'${RECORD}', o.seq FROM ledger_events_view o
          WHERE x.own_record IS NULL AND o.stream = x.context AND o.data->'${RECORD}'->>'${KIND}' = 'open'
          ORDER BY o.stream_version LIMIT 1)) opened ON true
      CROSS JOIN LATERAL (
        SELECT jsonb_path_query_first(opened.record->'${PARTIES}', '$[*] ? (@.${PARTY_ACCOUNT} == $account)',
                                      jsonb_build_object('account', $1::text)) AS party
        OFFSET 0) mine
      LEFT JOIN LATERAL (
        SELECT (c->>'${SHARE_GROSS}')::bigint AS gross, (c->>'${SHARE_TDS}')::bigint AS tds
          FROM acct CROSS JOIN LATERAL jsonb_array_elements(x.split->'${COMMISSIONS}') AS shares (c)
         WHERE x.source = 'posting' AND acct.kind = 'commission'
           AND c->>'${SHARE_USER}' = acct.owner_id::text AND abs(x.amount) = (c->>'${SHARE_NET}')::bigint
         LIMIT 1) com ON true
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.amount < 0 THEN -1 ELSE 1 END::bigint AS sign,
               coalesce((mine.party->>'${FEE}')::bigint, 0) AS fee OFFSET 0) f
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.source = 'posting' AND f.fee > 0
                         AND x.moved_status IN ${MONEY_MOVING_STATUSES}
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

/**
 * The whole statement of account $1 from instant $2 to $3, its lines in LINE_ORDER without a
 * sort of their own: the CSV export's query, read through a cursor.
 */
export const STREAMED_STATEMENT_SQL = `${statementLinesSql({ streamed: true })} SELECT * FROM lines`;

/** The parameters of STREAMED_STATEMENT_SQL. */
export function statementParams(accountId: string, range: StatementRange): unknown[] {
  return [accountId, range.start, range.end];
}

/** An account's statement as the ledger reads it: pages of lines, a range's figures. */
export class LedgerStatements {
  constructor(private readonly db: SqlClient) {}

  /**
   * Lines `offset` to `offset + limit` of the range in LINE_ORDER, reading only as many
   * entries as the page reaches (statementLinesSql's window).
   */
  async page(
    accountId: string,
    range: StatementRange,
    { limit, offset }: { limit: number; offset: number },
  ): Promise<StatementRow[]> {
    const { rows } = await this.db.query<StatementRow>(
      `${statementLinesSql({ window: '$4' })}
       SELECT * FROM lines ORDER BY ${LINE_ORDER} LIMIT $5 OFFSET $6`,
      [accountId, range.start, range.end, offset + limit, limit, offset],
    );
    return rows;
  }

  /** The latest `limit` lines of an account over all time, newest first. */
  async latest(accountId: string, limit: number): Promise<StatementRow[]> {
    const { rows } = await this.db.query<StatementRow>(
      `${statementLinesSql()} SELECT * FROM lines ORDER BY anchor DESC, seq DESC, ord DESC LIMIT $4`,
      [accountId, new Date(0), new Date('9999-12-31T00:00:00Z'), limit],
    );
    return rows;
  }

  /** The range's line count, credits and debits, and the balances either side of it. */
  async summary(accountId: string, range: StatementRange): Promise<StatementSummary> {
    const { rows } = await this.db.query<{
      total: number | string;
      credits: string;
      debits: string;
      opening: string | null;
      closing: string | null;
    }>(
      `${statementLinesSql()}
       SELECT count(*)::int AS total,
              coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS credits,
              coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::text AS debits,
              ledger_balance_before($1, $2)::text AS opening,
              ledger_balance_before($1, $3)::text AS closing
         FROM lines`,
      statementParams(accountId, range),
    );
    const row = rows[0]!;
    const opening = Number(row.opening ?? 0);
    return {
      total: Number(row.total),
      credits: Number(row.credits),
      debits: Number(row.debits),
      opening,
      closing: row.closing === null ? opening : Number(row.closing),
    };
  }
}
