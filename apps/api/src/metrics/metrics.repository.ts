import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';

/** What the scrape reads from Postgres: the same whichever process answers. */
export interface DatabaseFigures {
  payoutsByStatus: Record<string, number>;
  /** Age of the oldest payout still queued or processing, 0 when none is. */
  oldestInFlightPayoutSeconds: number;
  ledgerSeq: number;
  projectedSeq: number;
  /** Age of the oldest ledger event after the read model's highest seq, 0 when none is. */
  readModelLagSeconds: number;
  /** The last finished `ledger:verify` run (passed, failed or error), if any. */
  lastVerify: { status: 'passed' | 'failed' | 'error'; finishedAt: Date } | null;
}

/** Statement timeout of the scrape's one query: a slow database fails the scrape, not the app. */
const SCRAPE_TIMEOUT = '2s';

@Injectable()
export class MetricsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One query, on one connection, bounded by a statement timeout. Payouts are counted by
   * status (a scan of the payouts table; the oldest in flight comes from payouts_in_flight_idx); the lag
   * compares max(seq) of the ledger and of the read model (primary keys), as the Database
   * screen does, and dates the first event the read model has not reached.
   */
  async read(): Promise<DatabaseFigures> {
    const [row] = await this.db.snapshot(async (tx) => {
      await tx.query(`SET LOCAL statement_timeout = '${SCRAPE_TIMEOUT}'`);
      const { rows } = await tx.query<{
        payouts: Record<string, number> | null;
        oldest_in_flight_ms: string | null;
        ledger_seq: string;
        projected_seq: string;
        lag_ms: string | null;
        verify_status: 'passed' | 'failed' | 'error' | null;
        verify_finished_at: Date | null;
      }>(
        `WITH projected AS (SELECT coalesce(max(seq), 0) AS seq FROM read_model_events),
              verify AS (SELECT status, finished_at FROM verify_runs
                          WHERE status IN ('passed', 'failed', 'error') AND finished_at IS NOT NULL
                          ORDER BY finished_at DESC LIMIT 1)
         SELECT (SELECT json_object_agg(status, n)
                   FROM (SELECT status, count(*)::int AS n FROM payouts GROUP BY status) s)
                  AS payouts,
                (SELECT (extract(epoch FROM now() - min(created_at)) * 1000)::bigint::text FROM payouts
                  WHERE status IN ('queued', 'processing')) AS oldest_in_flight_ms,
                ledger_head()::text AS ledger_seq,
                (SELECT seq FROM projected)::text AS projected_seq,
                (SELECT (extract(epoch FROM now() - min(e.occurred_at)) * 1000)::bigint::text
                   FROM ledger_events_after((SELECT seq FROM projected)) e)
                  AS lag_ms,
                (SELECT status FROM verify) AS verify_status,
                (SELECT finished_at FROM verify) AS verify_finished_at`,
      );
      return rows;
    });
    return {
      payoutsByStatus: row!.payouts ?? {},
      oldestInFlightPayoutSeconds: secondsOf(row!.oldest_in_flight_ms),
      ledgerSeq: Number(row!.ledger_seq),
      projectedSeq: Number(row!.projected_seq),
      readModelLagSeconds: secondsOf(row!.lag_ms),
      lastVerify:
        row!.verify_status && row!.verify_finished_at
          ? { status: row!.verify_status, finishedAt: new Date(row!.verify_finished_at) }
          : null,
    };
  }
}

/** An age the query gave in whole milliseconds (as text: no float in SQL) as seconds, never negative. */
function secondsOf(milliseconds: string | null): number {
  return milliseconds === null ? 0 : Math.max(0, Number(milliseconds) / 1000);
}
