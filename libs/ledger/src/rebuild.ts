import type { SqlClient } from './sql-client.js';
import { READ_MODEL_TABLES } from './read-model.js';

export interface Rebuild {
  accounts: number;
  /** Accounts whose live projection differed from the log (and, with apply, were rewritten). */
  differences: { accountId: string; field: string; live: string; rebuilt: string }[];
}

const REBUILT = `
  SELECT a.id,
         coalesce(p.debits, 0) AS debits_posted, coalesce(p.credits, 0) AS credits_posted,
         coalesce(h.held, 0) AS debits_pending, coalesce(p.postings, 0) AS version,
         coalesce(l.overdraft_limit, 0) AS overdraft_limit, a.overdraft_limit AS live_limit,
         coalesce(p.postings, 0) + coalesce(h.placed, 0) + coalesce(h.closed, 0) + coalesce(l.changes, 0)
           AS balance_version, a.balance_version AS live_balance_version,
         coalesce(p.last_hash, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea) AS last_hash,
         a.debits_posted AS live_debits, a.credits_posted AS live_credits,
         a.debits_pending AS live_pending, a.version AS live_version, a.last_hash AS live_hash
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(greatest(-amount, 0)) AS debits, sum(greatest(amount, 0)) AS credits,
                      count(*) AS postings, (array_agg(hash ORDER BY id DESC))[1] AS last_hash
                 FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
    LEFT JOIN (SELECT account_id, sum(amount) FILTER (WHERE status = 'pending') AS held,
                      count(*) AS placed, count(closed_seq) AS closed
                 FROM ledger_holds GROUP BY account_id) h ON h.account_id = a.id
    LEFT JOIN (SELECT DISTINCT ON (account_id) account_id, overdraft_limit,
                      count(*) OVER (PARTITION BY account_id) AS changes FROM ledger_limits
                ORDER BY account_id, id DESC) l ON l.account_id = a.id`;

/**
 * Rebuilds every account's projection (posted debits and credits, pending debits, version,
 * last hash, overdraft limit, balance version) from the event log, the holds and the limit changes, and reports where the live one differs.
 * With `apply`, rewrites the projections (for use after restoring a log without them).
 */
export async function rebuildProjections(db: SqlClient, { apply = false } = {}): Promise<Rebuild> {
  const { rows } = await db.query<Record<string, string | Buffer>>(REBUILT);
  const differences: Rebuild['differences'] = [];
  const pairs = [
    ['debits_posted', 'live_debits'],
    ['credits_posted', 'live_credits'],
    ['debits_pending', 'live_pending'],
    ['version', 'live_version'],
    ['overdraft_limit', 'live_limit'],
    ['balance_version', 'live_balance_version'],
  ] as const;
  for (const row of rows) {
    for (const [field, live] of pairs) {
      if (String(row[field]) !== String(row[live])) {
        differences.push({
          accountId: String(row.id),
          field,
          live: String(row[live]),
          rebuilt: String(row[field]),
        });
      }
    }
    if (!(row.last_hash as Buffer).equals(row.live_hash as Buffer)) {
      differences.push({
        accountId: String(row.id),
        field: 'last_hash',
        live: 'differs',
        rebuilt: 'from postings',
      });
    }
  }
  if (apply && differences.length) {
    await db.query(
      `UPDATE ledger_accounts a SET debits_posted = r.debits_posted, credits_posted = r.credits_posted,
              debits_pending = r.debits_pending, version = r.version, last_hash = r.last_hash,
              overdraft_limit = r.overdraft_limit, balance_version = r.balance_version
         FROM (${REBUILT}) r WHERE r.id = a.id`,
    );
  }
  return { accounts: rows.length, differences };
}

export interface ReadModelRebuild {
  events: number;
  /** Rows that differ between the live read model and one replayed from the log, per table. */
  differences: { table: string; rows: number }[];
}

/**
 * Replays every event, in seq order, into empty read-model tables inside one transaction and
 * compares the result with the live tables, row for row. Without `apply` the transaction is
 * rolled back (the live tables are untouched; readers wait on them meanwhile); with `apply`
 * the replayed tables are kept. `client` must be one connection, not a pool.
 */
export async function rebuildReadModel(
  client: SqlClient,
  { apply = false } = {},
): Promise<ReadModelRebuild> {
  await client.query('BEGIN');
  try {
    for (const table of READ_MODEL_TABLES) {
      await client.query(
        `CREATE TEMP TABLE live_${table} ON COMMIT DROP AS SELECT * FROM ${table}`,
      );
    }
    await client.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
    await client.query(`DO $$ DECLARE s bigint; BEGIN
      FOR s IN SELECT seq FROM ledger_events ORDER BY seq LOOP PERFORM * FROM read_model_apply(s); END LOOP;
    END $$`);
    const { rows } = await client.query<{ events: number }>(
      'SELECT count(*)::int AS events FROM ledger_events',
    );
    const differences: ReadModelRebuild['differences'] = [];
    for (const table of READ_MODEL_TABLES) {
      const { rows: diff } = await client.query<{ rows: number }>(
        `SELECT count(*)::int AS rows FROM (
           (SELECT * FROM live_${table} EXCEPT ALL SELECT * FROM ${table})
           UNION ALL (SELECT * FROM ${table} EXCEPT ALL SELECT * FROM live_${table})) d`,
      );
      if (diff[0]!.rows) differences.push({ table, rows: diff[0]!.rows });
    }
    await client.query(apply ? 'COMMIT' : 'ROLLBACK');
    return { events: rows[0]!.events, differences };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
