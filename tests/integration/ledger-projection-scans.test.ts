/**
 * The read model's projection of an event reads only what that event touched (issue 32): the
 * holds it placed or closed come through an index, never a scan of every hold ever placed,
 * which ran under the append's account locks and grew with the business (23.7 ms an event at
 * 300,000 holds; docs/performance.md, "Session 23").
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ledger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import { transferEvent } from '../support/ledger-accounts.js';
import { currentTestRun } from '../support/run.mjs';

describe('projecting an event reads its holds by index', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let ledger: Ledger;

  beforeAll(async () => {
    database = await createTestDatabase(currentTestRun());
    pool = newTestPool(database.url, 4);
    ledger = new Ledger(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  /**
   * Projects `seq` on a connection of its own (a backend's counters of earlier transactions may
   * not be flushed yet, and would count here), with sequential scans priced out (a plan still
   * takes one where no index serves), and answers how the projection read `ledger_holds`.
   */
  async function projectAndCountScans(seq: string) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SELECT count(*) FROM read_model_project($1)', [seq]);
      const { rows } = await client.query<{ seq_scan: string; idx_scan: string }>(
        `SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relname = 'ledger_holds'`,
      );
      await client.query('COMMIT');
      return { seqScans: Number(rows[0]!.seq_scan), indexScans: Number(rows[0]!.idx_scan) };
    } finally {
      await client.end();
    }
  }

  /** A user's wallet, as the API opens it. */
  async function wallet(): Promise<string> {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO users (mobile, name, role, password_hash, pin_hash)
       VALUES (lpad((floor(random() * 1e10))::bigint::text, 10, '0'), 'Projection', 'user', 'x', 'x')
       RETURNING id`,
    );
    await pool.query(`SELECT ledger_open_accounts($1, ARRAY['wallet'])`, [rows[0]!.id]);
    return ledger.userAccount(rows[0]!.id, 'wallet');
  }

  it('finds the hold an event placed and the hold an event posted without scanning the table', async () => {
    // Owned wallets: the projection names the owners whose balance moved, so it must look at
    // the event's holds to find them (with no owned account it need not look at all).
    const [payer, payee] = [await wallet(), await wallet()];
    const funding = await ledger.systemAccount('system:funding');
    await ledger.append(transferEvent(funding, payer, 1000));
    const holdId = randomUUID();
    const stream = `payout:${holdId}`;
    const placed = await ledger.append({
      type: 'hold.placed',
      stream,
      legs: [],
      holds: [{ op: 'place', holdId, accountId: payer, amount: 700 }],
    });
    const posted = await ledger.append({
      type: 'hold.posted',
      stream,
      legs: [
        { accountId: payer, amount: -700 },
        { accountId: payee, amount: 700 },
      ],
      holds: [{ op: 'post', holdId, amount: 700 }],
    });

    for (const { seq } of [placed, posted]) {
      const scans = await projectAndCountScans(seq);
      expect(scans).toEqual({ seqScans: 0, indexScans: expect.any(Number) });
      // It did look for the event's holds: through an index.
      expect(scans.indexScans).toBeGreaterThan(0);
    }
  });
});
