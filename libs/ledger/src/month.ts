import { dataKey, recordKey, shareKey, splitKey } from './records.js';
import type { SqlClient } from './sql-client.js';

// The fields of an event's data the month reads, checked against records.ts.
const RECORD = dataKey('record');
const AMOUNT = dataKey('amount');
const FEE = dataKey('fee');
const CCF = dataKey('ccf');
const STATUS = recordKey('status');
const KIND = recordKey('kind');
const SPLIT = dataKey('split');
const COMMISSIONS = splitKey('commissions');
const EARNER = splitKey('earner');
const GROSS = shareKey('gross');

/** An event as a finding names it. */
export interface EventRef {
  seq: string;
  type: string;
  stream: string;
}

/** A month as the queries take it: its first day and the instants it starts and ends (India). */
export interface MonthWindow {
  /** `YYYY-MM-01` */
  first: string;
  start: Date;
  end: Date;
}

/** sum() of bigint is numeric: it comes as text and is made exact paise here. */
const paise = (value: string | number | null | undefined) => Number(value ?? 0);

/** The events of the month (India), as every query below names them. */
const MONTH_EVENTS = `
  ev AS (SELECT e.seq, e.type, e.stream, e.stream_version, e.data
           FROM ledger_events_view e WHERE e.occurred_at >= $1 AND e.occurred_at < $2)`;

export interface EventGroup {
  type: string;
  prefix: string;
  viaFunding: boolean;
  viaPg: boolean;
  events: number;
  walletIn: number;
  walletOut: number;
}

export interface StatusRow {
  prefix: string;
  status: string;
  count: number;
  amount: number;
  fee: number;
}

/** Transactions of one stream prefix opened in the month, in paise. */
export interface OpenedFigure {
  prefix: string;
  count: number;
  amount: number;
  fee: number;
  /** The commission their splits paid, every line's gross (TDS included), the earner's too. */
  commission: number;
}

/** Transactions of one stream prefix opened in the month and standing at one status now, in paise. */
export interface OpenedStatusFigure {
  status: string;
  count: number;
  amount: number;
  /** The customer convenience fee each opening recorded apart (`data.ccf`). */
  ccf: number;
  /** The earner's (the shop's) gross commission, from the split of each one's latest event. */
  commission: number;
}

export interface KindNet {
  kind: string;
  net: number;
  postings: number;
}

export interface Unbalanced extends EventRef {
  sum: number;
}

export interface BrokenChain extends EventRef {
  accountId: string;
  amount: number;
  before: number;
  after: number;
}

export interface TotalsDifference {
  accountId: string;
  kind: string;
  eventType: string;
  replay: { credits: number; debits: number; postings: number } | null;
  model: { credits: number; debits: number; postings: number } | null;
  events: EventRef[];
}

export interface ClosingDifference {
  accountId: string;
  kind: string;
  replay: number | null;
  model: number | null;
}

export interface SplitEvent extends EventRef {
  splitTds: number;
  splitGst: number;
  splitCommissions: number;
  splitFee: number;
  tds: number;
  gst: number;
  commissions: number;
}

/**
 * The ledger's side of a month (issue 24, moved here from the API's monthly stats): what moved,
 * through which accounts, and the reconciliation of the month against the ledger's own checks
 * (sql/08-reads.sql: ledger_unbalanced_events, ledger_broken_chains, ledger_event_splits, the
 * checks `verifyLedger` makes of the whole log) and against the read model (monthly_totals,
 * monthly_closing, read_model_events). Every read is of the ledger's views and functions.
 */
export class LedgerMonth {
  constructor(private readonly db: SqlClient) {}

  /** Per event type, stream prefix and source: how many, and what entered and left wallets. */
  async eventGroups(w: MonthWindow): Promise<EventGroup[]> {
    const { rows } = await this.db.query<{
      type: string;
      prefix: string;
      via_funding: boolean;
      via_pg: boolean;
      events: number;
      wallet_in: string;
      wallet_out: string;
    }>(
      `WITH ${MONTH_EVENTS},
       per_event AS (
         SELECT e.seq, e.type, split_part(e.stream, ':', 1) AS prefix,
                coalesce(sum(p.amount) FILTER (WHERE a.kind = 'wallet' AND p.amount > 0), 0) AS wallet_in,
                coalesce(sum(-p.amount) FILTER (WHERE a.kind = 'wallet' AND p.amount < 0), 0) AS wallet_out,
                bool_or(a.kind = 'system:funding') AS via_funding,
                bool_or(a.kind = 'system:pg_clearing') AS via_pg
           FROM ev e
           LEFT JOIN ledger_postings_view p ON p.event_seq = e.seq
           LEFT JOIN ledger_balances_view a ON a.account_id = p.account_id
          GROUP BY e.seq, e.type, e.stream)
       SELECT type, prefix, coalesce(via_funding, false) AS via_funding, coalesce(via_pg, false) AS via_pg,
              count(*)::int AS events, sum(wallet_in)::text AS wallet_in, sum(wallet_out)::text AS wallet_out
         FROM per_event GROUP BY 1, 2, 3, 4`,
      [w.start, w.end],
    );
    return rows.map((row) => ({
      type: row.type,
      prefix: row.prefix,
      viaFunding: row.via_funding,
      viaPg: row.via_pg,
      events: row.events,
      walletIn: paise(row.wallet_in),
      walletOut: paise(row.wallet_out),
    }));
  }

  /**
   * Rail transactions (payouts, AEPS settlements, DMT transfers) asked for in the month, by the
   * status each stands at now.
   */
  async payoutStatuses(w: MonthWindow, prefixes: readonly string[]): Promise<StatusRow[]> {
    const { rows } = await this.db.query<{
      prefix: string;
      status: string;
      count: number;
      amount: string;
      fee: string;
    }>(
      `WITH ${MONTH_EVENTS}
       SELECT split_part(o.stream, ':', 1) AS prefix,
              coalesce(last.status, o.data->'${RECORD}'->>'${STATUS}') AS status, count(*)::int AS count,
              sum((o.data->>'${AMOUNT}')::bigint)::text AS amount, sum((o.data->>'${FEE}')::bigint)::text AS fee
         FROM ev o
         LEFT JOIN LATERAL (
           SELECT x.data->'${RECORD}'->>'${STATUS}' AS status FROM ledger_events_view x
            WHERE x.stream = o.stream AND x.data->'${RECORD}'->>'${KIND}' = 'status'
            ORDER BY x.stream_version DESC LIMIT 1) last ON true
        WHERE o.data->'${RECORD}'->>'${KIND}' = 'open' AND split_part(o.stream, ':', 1) = ANY($3)
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [w.start, w.end, prefixes],
    );
    return rows.map((row) => ({
      prefix: row.prefix,
      status: row.status,
      count: row.count,
      amount: paise(row.amount),
      fee: paise(row.fee),
    }));
  }

  /**
   * Transactions of the given stream prefixes opened in the month, each once (its opening
   * event): how many, their amount and fee, and the commission their splits paid. For AEPS at
   * the counter (issue 26) the opening event is the whole transaction: it opens processed,
   * and a failure writes nothing.
   */
  async openedFigures(w: MonthWindow, prefixes: readonly string[]): Promise<OpenedFigure[]> {
    const { rows } = await this.db.query<{
      prefix: string;
      count: number;
      amount: string;
      fee: string;
      commission: string;
    }>(
      `WITH ${MONTH_EVENTS}
       SELECT split_part(o.stream, ':', 1) AS prefix, count(*)::int AS count,
              coalesce(sum((o.data->>'${AMOUNT}')::bigint), 0)::text AS amount,
              coalesce(sum((o.data->>'${FEE}')::bigint), 0)::text AS fee,
              coalesce(sum(
                coalesce((SELECT sum((l->>'${GROSS}')::bigint)
                            FROM jsonb_array_elements(o.data->'${SPLIT}'->'${COMMISSIONS}') l), 0)
                + coalesce((o.data->'${SPLIT}'->'${EARNER}'->>'${GROSS}')::bigint, 0)), 0)::text
                AS commission
         FROM ev o
        WHERE o.data->'${RECORD}'->>'${KIND}' = 'open' AND split_part(o.stream, ':', 1) = ANY($3)
        GROUP BY 1 ORDER BY 1`,
      [w.start, w.end, prefixes],
    );
    return rows.map((row) => ({
      prefix: row.prefix,
      count: row.count,
      amount: paise(row.amount),
      fee: paise(row.fee),
      commission: paise(row.commission),
    }));
  }

  /**
   * Transactions of one stream prefix opened in the month (bill payments, issue 27), by the
   * status each stands at now: how many, their amount and CCF, and the gross commission the
   * earner (the shop) got, read from the split of the event that settled each one. A payment
   * opened in the month and settled after it counts here, as the bill payment report counts it
   * (by the day it was asked for).
   */
  async openedByStatus(w: MonthWindow, prefix: string): Promise<OpenedStatusFigure[]> {
    const { rows } = await this.db.query<{
      status: string;
      count: number;
      amount: string;
      ccf: string;
      commission: string;
    }>(
      `WITH ${MONTH_EVENTS}
       SELECT coalesce(last.status, o.data->'${RECORD}'->>'${STATUS}') AS status,
              count(*)::int AS count,
              coalesce(sum((o.data->>'${AMOUNT}')::bigint), 0)::text AS amount,
              coalesce(sum((o.data->>'${CCF}')::bigint), 0)::text AS ccf,
              coalesce(sum(last.earner), 0)::text AS commission
         FROM ev o
         LEFT JOIN LATERAL (
           SELECT x.data->'${RECORD}'->>'${STATUS}' AS status,
                  (x.data->'${SPLIT}'->'${EARNER}'->>'${GROSS}')::bigint AS earner
             FROM ledger_events_view x
            WHERE x.stream = o.stream AND x.data->'${RECORD}'->>'${KIND}' = 'status'
            ORDER BY x.stream_version DESC LIMIT 1) last ON true
        WHERE o.data->'${RECORD}'->>'${KIND}' = 'open' AND split_part(o.stream, ':', 1) = $3
        GROUP BY 1 ORDER BY 1`,
      [w.start, w.end, prefix],
    );
    return rows.map((row) => ({
      status: row.status,
      count: row.count,
      amount: paise(row.amount),
      ccf: paise(row.ccf),
      commission: paise(row.commission),
    }));
  }

  /** The month's net movement of every account kind (system shards and users' accounts summed). */
  async netByKind(w: MonthWindow): Promise<KindNet[]> {
    const { rows } = await this.db.query<{ kind: string; net: string; postings: number }>(
      `WITH ${MONTH_EVENTS}
       SELECT a.kind, sum(p.amount)::text AS net, count(*)::int AS postings
         FROM ev e JOIN ledger_postings_view p ON p.event_seq = e.seq
         JOIN ledger_balances_view a ON a.account_id = p.account_id
        GROUP BY a.kind`,
      [w.start, w.end],
    );
    return rows.map((row) => ({ kind: row.kind, net: paise(row.net), postings: row.postings }));
  }

  /** The sum of every wallet's posted balance just before `at` (the float), from the postings. */
  async floatAt(at: Date): Promise<number> {
    const { rows } = await this.db.query<{ total: string }>(
      `SELECT coalesce(sum(b.balance_after), 0)::text AS total
         FROM ledger_balances_view a
         CROSS JOIN LATERAL (
           SELECT p.balance_after FROM ledger_postings_view p
             JOIN ledger_events_view e ON e.seq = p.event_seq
            WHERE p.account_id = a.account_id AND e.occurred_at < $1
            ORDER BY p.id DESC LIMIT 1) b
        WHERE a.kind = 'wallet'`,
      [at],
    );
    return paise(rows[0]?.total);
  }

  /** Line (a): the month's events and postings, and every event whose legs do not sum to zero. */
  async eventsBalance(w: MonthWindow) {
    const { rows: totals } = await this.db.query<{
      events: number;
      postings: number;
      credits: string;
      debits: string;
    }>(
      `WITH ${MONTH_EVENTS}
       SELECT (SELECT count(*)::int FROM ev) AS events, count(p.id)::int AS postings,
              coalesce(sum(greatest(p.amount, 0)), 0)::text AS credits,
              coalesce(sum(greatest(-p.amount, 0)), 0)::text AS debits
         FROM ev e JOIN ledger_postings_view p ON p.event_seq = e.seq`,
      [w.start, w.end],
    );
    const { rows } = await this.db.query<{
      seq: string;
      type: string;
      stream: string;
      sum: string;
    }>(
      `SELECT u.seq::text AS seq, u.type, u.stream, u.sum::text AS sum
         FROM ledger_unbalanced_events($1, $2) u ORDER BY u.seq LIMIT 50`,
      [w.start, w.end],
    );
    const total = totals[0]!;
    return {
      events: total.events,
      postings: total.postings,
      credits: paise(total.credits),
      debits: paise(total.debits),
      unbalanced: rows.map((row): Unbalanced => ({ ...row, sum: paise(row.sum) })),
    };
  }

  /**
   * Line (b)'s evidence: wallet postings of the month whose balance after is not the balance
   * before plus the amount (a broken chain of balances would make the float not add up).
   */
  async brokenWalletChains(w: MonthWindow): Promise<BrokenChain[]> {
    const { rows } = await this.db.query<{
      seq: string;
      type: string;
      stream: string;
      account_id: string;
      amount: number;
      before: number | null;
      after: number;
    }>(
      `SELECT c.seq::text AS seq, c.type, c.stream, c.account_id, c.amount, c.before, c.after
         FROM ledger_broken_chains($1, $2) c WHERE c.kind = 'wallet'
        ORDER BY c.posting_id LIMIT 50`,
      [w.start, w.end],
    );
    return rows.map((row) => ({
      seq: row.seq,
      type: row.type,
      stream: row.stream,
      accountId: row.account_id,
      amount: row.amount,
      before: row.before ?? 0,
      after: row.after,
    }));
  }

  /**
   * Line (c): a replay of the month's postings per account and event type, and of each
   * account's closing balance, against monthly_totals and monthly_closing; only the rows that
   * disagree come back, each with the month's events of that account and type.
   */
  async readModelDifferences(w: MonthWindow) {
    const { rows: compared } = await this.db.query<{ rows: number; accounts: number }>(
      `WITH ${MONTH_EVENTS}
       SELECT (SELECT count(*)::int FROM (SELECT DISTINCT p.account_id, e.type
                 FROM ev e JOIN ledger_postings_view p ON p.event_seq = e.seq) x) AS rows,
              (SELECT count(DISTINCT p.account_id)::int
                 FROM ev e JOIN ledger_postings_view p ON p.event_seq = e.seq) AS accounts`,
      [w.start, w.end],
    );
    const { rows: totals } = await this.db.query<{
      account_id: string;
      kind: string;
      event_type: string;
      r_credits: string | null;
      r_debits: string | null;
      r_postings: number | null;
      m_credits: string | null;
      m_debits: string | null;
      m_postings: number | null;
      events: EventRef[] | null;
    }>(
      `WITH ${MONTH_EVENTS},
       replay AS (
         SELECT p.account_id, e.type AS event_type, sum(greatest(p.amount, 0)) AS credits,
                sum(greatest(-p.amount, 0)) AS debits, count(*)::int AS postings
           FROM ev e JOIN ledger_postings_view p ON p.event_seq = e.seq GROUP BY 1, 2),
       model AS (
         SELECT t.account_id, t.event_type, t.credits, t.debits, t.postings
           FROM monthly_totals t WHERE t.month = $3::date)
       SELECT d.account_id, a.kind, d.event_type,
              d.r_credits::text AS r_credits, d.r_debits::text AS r_debits, d.r_postings,
              d.m_credits::text AS m_credits, d.m_debits::text AS m_debits, d.m_postings,
              (SELECT jsonb_agg(jsonb_build_object('seq', x.seq::text, 'type', x.type, 'stream', x.stream))
                 FROM (SELECT DISTINCT e.seq, e.type, e.stream FROM ev e
                         JOIN ledger_postings_view p ON p.event_seq = e.seq
                        WHERE p.account_id = d.account_id AND e.type = d.event_type
                        ORDER BY e.seq LIMIT 10) x) AS events
         FROM (SELECT coalesce(r.account_id, m.account_id) AS account_id,
                      coalesce(r.event_type, m.event_type) AS event_type,
                      r.credits AS r_credits, r.debits AS r_debits, r.postings AS r_postings,
                      m.credits AS m_credits, m.debits AS m_debits, m.postings AS m_postings
                 FROM replay r FULL JOIN model m
                   ON m.account_id = r.account_id AND m.event_type = r.event_type
                WHERE r.credits IS DISTINCT FROM m.credits OR r.debits IS DISTINCT FROM m.debits
                   OR r.postings IS DISTINCT FROM m.postings) d
         JOIN ledger_balances_view a ON a.account_id = d.account_id
        ORDER BY d.account_id, d.event_type LIMIT 50`,
      [w.start, w.end, w.first],
    );
    const { rows: closings } = await this.db.query<{
      account_id: string;
      kind: string;
      replay: number | null;
      model: number | null;
    }>(
      `WITH ${MONTH_EVENTS},
       replay AS (
         SELECT DISTINCT ON (p.account_id) p.account_id, p.balance_after
           FROM ev e JOIN ledger_postings_view p ON p.event_seq = e.seq
          ORDER BY p.account_id, p.id DESC),
       model AS (SELECT c.account_id, c.closing_balance FROM monthly_closing c WHERE c.month = $3::date)
       SELECT coalesce(r.account_id, m.account_id) AS account_id, a.kind,
              r.balance_after AS replay, m.closing_balance AS model
         FROM replay r FULL JOIN model m ON m.account_id = r.account_id
         JOIN ledger_balances_view a ON a.account_id = coalesce(r.account_id, m.account_id)
        WHERE r.balance_after IS DISTINCT FROM m.closing_balance
        ORDER BY 1 LIMIT 50`,
      [w.start, w.end, w.first],
    );
    const { rows: unprojected } = await this.db.query<EventRef>(
      `WITH ${MONTH_EVENTS}
       SELECT e.seq::text AS seq, e.type, e.stream FROM ev e
        WHERE NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)
        ORDER BY e.seq LIMIT 50`,
      [w.start, w.end],
    );
    const triple = (credits: string | null, debits: string | null, postings: number | null) =>
      postings === null ? null : { credits: paise(credits), debits: paise(debits), postings };
    return {
      rows: compared[0]!.rows,
      accounts: compared[0]!.accounts,
      totals: totals.map((row): TotalsDifference => ({
        accountId: row.account_id,
        kind: row.kind,
        eventType: row.event_type,
        replay: triple(row.r_credits, row.r_debits, row.r_postings),
        model: triple(row.m_credits, row.m_debits, row.m_postings),
        events: row.events ?? [],
      })),
      closings: closings.map((row): ClosingDifference => ({
        accountId: row.account_id,
        kind: row.kind,
        replay: row.replay,
        model: row.model,
      })),
      unprojected,
    };
  }

  /**
   * Line (d): per event of the month, what its recorded commission split says went to TDS
   * payable, GST payable and the commission accounts (a return counting negative), and what
   * its postings did move there. Answers the sums and the events that disagree.
   */
  async splitEvents(w: MonthWindow) {
    const PER_EVENT = `WITH signed AS (SELECT * FROM ledger_event_splits($1, $2))`;
    const { rows: sums } = await this.db.query<Record<string, string>>(
      `${PER_EVENT}
       SELECT coalesce(sum(split_tds), 0)::text AS split_tds, coalesce(sum(split_gst), 0)::text AS split_gst,
              coalesce(sum(split_fee), 0)::text AS split_fee,
              coalesce(sum(split_commissions), 0)::text AS split_commissions,
              coalesce(sum(tds), 0)::text AS tds, coalesce(sum(gst), 0)::text AS gst,
              coalesce(sum(commissions), 0)::text AS commissions,
              count(*) FILTER (WHERE split_fee <> 0)::int AS splits
         FROM signed`,
      [w.start, w.end],
    );
    const { rows } = await this.db.query<Record<string, string>>(
      `${PER_EVENT}
       SELECT seq::text AS seq, type, stream, split_tds::text, split_gst::text, split_fee::text,
              split_commissions::text, tds::text, gst::text, commissions::text
         FROM signed
        WHERE split_tds <> tds OR split_gst <> gst OR split_commissions <> commissions
        ORDER BY seq LIMIT 50`,
      [w.start, w.end],
    );
    const sum = sums[0]!;
    return {
      splits: Number(sum.splits),
      splitTds: paise(sum.split_tds),
      splitGst: paise(sum.split_gst),
      splitFee: paise(sum.split_fee),
      splitCommissions: paise(sum.split_commissions),
      tds: paise(sum.tds),
      gst: paise(sum.gst),
      commissions: paise(sum.commissions),
      differing: rows.map((row): SplitEvent => ({
        seq: row.seq!,
        type: row.type!,
        stream: row.stream!,
        splitTds: paise(row.split_tds),
        splitGst: paise(row.split_gst),
        splitFee: paise(row.split_fee),
        splitCommissions: paise(row.split_commissions),
        tds: paise(row.tds),
        gst: paise(row.gst),
        commissions: paise(row.commissions),
      })),
    };
  }
}
