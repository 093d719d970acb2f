import { Injectable } from '@nestjs/common';
import {
  ROW_COUNT_EXACT_BELOW,
  VERIFY_VIOLATIONS_KEPT,
  type AppliedMigration,
  type ChainHeadRow,
  type DatabaseTable,
  type ReadModelLag,
  type VerifyRun,
  type VerifyRunStatus,
} from '@khata/domain';
import { LedgerReads, type Verification } from '@khata/ledger';
import { Db, type Tx } from '../database/unit-of-work.js';

/** An open run older than this was lost (its worker died): the next press closes it. */
export const VERIFY_ABANDONED_AFTER_MS = 60 * 60 * 1000;

interface VerifyRunRow {
  id: string;
  status: VerifyRunStatus;
  requested_at: Date;
  requested_by: string | null;
  requester_name: string | null;
  requester_mobile: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
  checked: VerifyRun['checked'];
  violation_count: number;
  violations: string[];
  error: string | null;
}

const RUN_COLUMNS = `r.id, r.status, r.requested_at, r.requested_by, u.name AS requester_name,
  u.mobile AS requester_mobile, r.started_at, r.finished_at, r.duration_ms, r.checked,
  r.violation_count, r.violations, r.error`;

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function toRun(row: VerifyRunRow): VerifyRun {
  return {
    id: row.id,
    status: row.status,
    requestedAt: new Date(row.requested_at).toISOString(),
    requestedBy: row.requested_by
      ? { id: row.requested_by, name: row.requester_name, mobile: row.requester_mobile }
      : null,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: row.duration_ms,
    checked: row.checked,
    violationCount: row.violation_count,
    violations: row.violations,
    error: row.error,
  };
}

/** What the Database screen reads: Postgres's catalogue, the migrations, the ledger's views. */
@Injectable()
export class DatabaseAdminRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every table of the public schema with its size; rows counted exactly when Postgres
   * estimates fewer than ROW_COUNT_EXACT_BELOW, else its estimate (pg_class.reltuples, or the
   * live tuples pg_stat_user_tables counts when the table was never analysed).
   */
  async tables(): Promise<DatabaseTable[]> {
    const { rows } = await this.db.query<{
      name: string;
      estimate: number;
      total_bytes: number;
      table_bytes: number;
      index_bytes: number;
    }>(
      `SELECT c.relname AS name,
              greatest(c.reltuples, coalesce(s.n_live_tup, 0))::bigint AS estimate,
              pg_total_relation_size(c.oid) AS total_bytes,
              pg_relation_size(c.oid) AS table_bytes,
              pg_indexes_size(c.oid) AS index_bytes
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        ORDER BY pg_total_relation_size(c.oid) DESC, c.relname`,
    );
    const small = rows.filter((row) => Number(row.estimate) < ROW_COUNT_EXACT_BELOW);
    const exact = new Map<string, number>();
    if (small.length) {
      const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
      const { rows: counts } = await this.db.query<{ name: string; rows: number }>(
        small
          .map(
            (row, index) =>
              `SELECT $${index + 1}::text AS name, count(*)::bigint AS rows FROM ${quoted(row.name)}`,
          )
          .join(' UNION ALL '),
        small.map((row) => row.name),
      );
      for (const count of counts) exact.set(count.name, Number(count.rows));
    }
    return rows.map((row) => ({
      name: row.name,
      rows: exact.get(row.name) ?? Number(row.estimate),
      rowsEstimated: !exact.has(row.name),
      totalBytes: Number(row.total_bytes),
      tableBytes: Number(row.table_bytes),
      indexBytes: Number(row.index_bytes),
    }));
  }

  /** TypeORM's record of applied migrations, newest first. */
  async migrations(): Promise<AppliedMigration[]> {
    const { rows } = await this.db.query<{ id: number; name: string; timestamp: number }>(
      'SELECT id, name, timestamp FROM migrations ORDER BY timestamp DESC, id DESC',
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      timestamp: new Date(Number(row.timestamp)).toISOString(),
    }));
  }

  /** The ledger's highest seq against the read model's: how far projection is behind. */
  async readModelLag(): Promise<ReadModelLag> {
    return new LedgerReads(this.db).projectionLag();
  }

  /** Each account's chain head, the most recently moved first. */
  async chainHeads(page: {
    limit: number;
    offset: number;
  }): Promise<{ rows: ChainHeadRow[]; total: number }> {
    const { rows } = await this.db.query<{
      account_id: string;
      owner_id: string | null;
      name: string | null;
      mobile: string | null;
      kind: string;
      code: string | null;
      postings: number;
      last_posting_id: number | null;
      head: string;
    }>(
      `SELECT h.account_id, h.owner_id, u.name, u.mobile, h.kind, h.code, h.postings,
              h.last_posting_id, encode(substring(h.last_hash FROM 1 FOR 8), 'hex') AS head
         FROM ledger_chain_heads() h
         LEFT JOIN users u ON u.id = h.owner_id
        ORDER BY h.last_posting_id DESC NULLS LAST, h.account_id
        LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    const { rows: count } = await this.db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM ledger_balances()',
    );
    return {
      total: Number(count[0]!.total),
      rows: rows.map((row) => ({
        accountId: row.account_id,
        owner: row.owner_id ? { id: row.owner_id, name: row.name, mobile: row.mobile } : null,
        code: row.code,
        kind: row.kind,
        postings: Number(row.postings),
        lastPostingId: row.last_posting_id === null ? null : Number(row.last_posting_id),
        headPrefix: row.head,
      })),
    };
  }

  async lastVerifyRun(): Promise<VerifyRun | null> {
    const { rows } = await this.db.query<VerifyRunRow>(
      `SELECT ${RUN_COLUMNS} FROM verify_runs r LEFT JOIN users u ON u.id = r.requested_by
        ORDER BY r.requested_at DESC, r.id LIMIT 1`,
    );
    return rows[0] ? toRun(rows[0]) : null;
  }

  async verifyRun(tx: Tx, id: string): Promise<VerifyRun | null> {
    const { rows } = await tx.query<VerifyRunRow>(
      `SELECT ${RUN_COLUMNS} FROM verify_runs r LEFT JOIN users u ON u.id = r.requested_by
        WHERE r.id = $1`,
      [id],
    );
    return rows[0] ? toRun(rows[0]) : null;
  }

  /** The open run, if any. */
  async openVerifyRun(tx: Tx): Promise<VerifyRun | null> {
    const { rows } = await tx.query<VerifyRunRow>(
      `SELECT ${RUN_COLUMNS} FROM verify_runs r LEFT JOIN users u ON u.id = r.requested_by
        WHERE r.finished_at IS NULL`,
    );
    return rows[0] ? toRun(rows[0]) : null;
  }

  /** Closes an open run asked for before `before` as lost. */
  async abandonStale(tx: Tx, before: Date, now: Date): Promise<void> {
    await tx.query(
      `UPDATE verify_runs SET status = 'error', finished_at = $2,
              error = 'The run was lost (its worker stopped) and was closed.'
        WHERE finished_at IS NULL AND requested_at < $1`,
      [before, now],
    );
  }

  /** Opens a run unless one is open: true when this call opened it. */
  async openRun(tx: Tx, id: string, requestedBy: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO verify_runs (id, requested_by, requested_at, status)
       VALUES ($1, $2, $3, 'queued') ON CONFLICT DO NOTHING`,
      [id, requestedBy, at],
    );
    return rowCount === 1;
  }

  /** Marks a queued run running; false when it is not queued (already run, or closed). */
  async claimRun(id: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE verify_runs SET status = 'running', started_at = $2
        WHERE id = $1 AND status = 'queued'`,
      [id, at],
    );
    return rowCount === 1;
  }

  async finishRun(id: string, at: Date, durationMs: number, result: Verification): Promise<void> {
    await this.db.query(
      `UPDATE verify_runs SET status = $2, finished_at = $3, duration_ms = $4, checked = $5,
              violation_count = $6, violations = $7
        WHERE id = $1 AND status = 'running'`,
      [
        id,
        result.ok ? 'passed' : 'failed',
        at,
        durationMs,
        JSON.stringify(result.checked),
        result.violations.length,
        JSON.stringify(result.violations.slice(0, VERIFY_VIOLATIONS_KEPT)),
      ],
    );
  }

  async failRun(id: string, at: Date, durationMs: number | null, error: string): Promise<void> {
    await this.db.query(
      `UPDATE verify_runs SET status = 'error', finished_at = $2, duration_ms = $3, error = $4
        WHERE id = $1 AND finished_at IS NULL`,
      [id, at, durationMs, error.slice(0, 500)],
    );
  }
}
