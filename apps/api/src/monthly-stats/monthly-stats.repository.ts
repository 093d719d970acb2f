import { Injectable } from '@nestjs/common';
import { BUSINESS_TIME_ZONE } from '@khata/domain';
import { LedgerMonth, type MonthWindow } from '@khata/ledger';
import type { Tx } from '../database/unit-of-work.js';

export type {
  BrokenChain,
  ClosingDifference,
  EventGroup,
  KindNet,
  MonthWindow,
  OpenedFigure,
  OpenedStatusFigure,
  SplitEvent,
  StatusRow,
  TotalsDifference,
  Unbalanced,
} from '@khata/ledger';

/** sum() of bigint is numeric: it comes as text and is made exact paise here. */
const paise = (value: string | number | null | undefined) => Number(value ?? 0);

export interface StoredClose {
  closedAt: Date;
  closedBy: string;
  name: string | null;
  mobile: string | null;
}

/**
 * Every read monthly stats and its reconciliation make: the ledger's side of the month (what
 * moved, and the month checked against the ledger's own checks and the read model) is
 * libs/ledger's LedgerMonth; here, what the reports believe (transaction_records) and
 * month_closes.
 */
@Injectable()
export class MonthlyStatsRepository {
  /** Per event type, stream prefix and source: how many, and what entered and left wallets. */
  eventGroups(db: Tx, w: MonthWindow) {
    return new LedgerMonth(db).eventGroups(w);
  }

  /**
   * Rail transactions (payouts, AEPS settlements, DMT transfers) asked for in the month, by the
   * status each stands at now.
   */
  payoutStatuses(db: Tx, w: MonthWindow, prefixes: readonly string[]) {
    return new LedgerMonth(db).payoutStatuses(w, prefixes);
  }

  /** Transactions of these stream prefixes opened in the month: count, amount, fee, commission. */
  openedFigures(db: Tx, w: MonthWindow, prefixes: readonly string[]) {
    return new LedgerMonth(db).openedFigures(w, prefixes);
  }

  /** Bill payments (issue 27) opened in the month, by status now: count, amount, CCF, commission. */
  openedByStatus(db: Tx, w: MonthWindow, prefix: string) {
    return new LedgerMonth(db).openedByStatus(w, prefix);
  }

  /** The month's net movement of every account kind (system shards and users' accounts summed). */
  netByKind(db: Tx, w: MonthWindow) {
    return new LedgerMonth(db).netByKind(w);
  }

  /** The sum of every wallet's posted balance just before `at` (the float), from the postings. */
  floatAt(db: Tx, at: Date) {
    return new LedgerMonth(db).floatAt(at);
  }

  /** Line (a): the month's events and postings, and every event whose legs do not sum to zero. */
  eventsBalance(db: Tx, w: MonthWindow) {
    return new LedgerMonth(db).eventsBalance(w);
  }

  /**
   * Line (b)'s evidence: wallet postings of the month whose balance after is not the balance
   * before plus the amount (a broken chain of balances would make the float not add up).
   */
  brokenWalletChains(db: Tx, w: MonthWindow) {
    return new LedgerMonth(db).brokenWalletChains(w);
  }

  /**
   * Line (c): a replay of the month's postings per account and event type, and of each
   * account's closing balance, against monthly_totals and monthly_closing; only the rows that
   * disagree come back, each with the month's events of that account and type.
   */
  readModelDifferences(db: Tx, w: MonthWindow) {
    return new LedgerMonth(db).readModelDifferences(w);
  }

  /**
   * Line (d): per event of the month, what its recorded commission split says went to TDS
   * payable, GST payable and the commission accounts (a return counting negative), and what
   * its postings did move there. Answers the sums and the events that disagree.
   */
  splitEvents(db: Tx, w: MonthWindow) {
    return new LedgerMonth(db).splitEvents(w);
  }

  /** The chart: per India day, service (record type) and status, each transaction once. */
  async daily(db: Tx, w: MonthWindow) {
    const { rows } = await db.query<{
      day: string;
      service: string;
      status: string;
      count: number;
      amount: string;
    }>(
      `SELECT to_char(r.created_at AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD') AS day,
              r.type AS service, r.status, count(*)::int AS count, sum(r.amount)::text AS amount
         FROM (SELECT DISTINCT ON (t.record_id) t.record_id, t.created_at, t.type, t.status, t.amount
                 FROM transaction_records t
                WHERE t.created_at >= $1 AND t.created_at < $2
                ORDER BY t.record_id, t.direction = 'debit' DESC) r
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [w.start, w.end],
    );
    return rows.map((row) => ({ ...row, amount: paise(row.amount) }));
  }

  async closeOf(db: Tx, month: string): Promise<StoredClose | undefined> {
    const { rows } = await db.query<{
      closed_at: Date;
      closed_by: string;
      name: string | null;
      mobile: string | null;
    }>(
      `SELECT c.closed_at, c.closed_by, u.name, u.mobile FROM month_closes c
         LEFT JOIN users u ON u.id = c.closed_by WHERE c.month = $1::date`,
      [`${month}-01`],
    );
    const row = rows[0];
    return (
      row && {
        closedAt: row.closed_at,
        closedBy: row.closed_by,
        name: row.name,
        mobile: row.mobile,
      }
    );
  }

  /** Stores the close once: false when the month was closed already (by this or a parallel call). */
  async close(tx: Tx, month: string, by: string, figures: unknown): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO month_closes (month, closed_by, figures) VALUES ($1::date, $2, $3)
       ON CONFLICT (month) DO NOTHING`,
      [`${month}-01`, by, JSON.stringify(figures)],
    );
    return rowCount === 1;
  }
}
