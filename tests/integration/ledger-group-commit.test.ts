/**
 * Group commit (`new Ledger(db, { groupCommit })`, ledger_append_batch) on real Postgres: appends made together
 * travel in one transaction, a refused event fails alone while its neighbours commit, a batch
 * may cross the same account many times (in order, with the floor checked after each event and
 * the hash chain unbroken), and a batch whose connection is killed halfway commits nothing.
 * The shared properties (the model, concurrency, idempotency) run on this path in
 * ledger-properties.test.ts and ledger-concurrency.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Ledger,
  LedgerError,
  rebuildProjections,
  verifyLedger,
  type Appended,
  type LedgerEvent,
  type SqlClient,
} from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import {
  balances,
  openAccount,
  outcome,
  recordingErrors,
  transferEvent,
} from '../support/ledger-accounts.js';
import { currentTestRun } from '../support/run.mjs';

describe('group commit: many appends in one transaction', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let plain: Ledger;
  /** The SQL every batched ledger of these tests sent, in order. */
  let sent: string[];
  let counting: SqlClient;

  beforeAll(async () => {
    database = await createTestDatabase(currentTestRun());
    pool = newTestPool(database.url, 8);
    plain = new Ledger(pool);
    sent = [];
    counting = {
      query: (sql, params) => {
        sent.push(sql);
        return pool.query(sql, params) as never;
      },
    };
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const batches = () => sent.filter((sql) => sql.includes('ledger_append_batch')).length;

  async function funded(...amounts: number[]): Promise<string[]> {
    const funding = await plain.systemAccount('system:funding');
    const ids: string[] = [];
    for (const amount of amounts) {
      const id = await openAccount(pool);
      ids.push(id);
      if (amount > 0) {
        await plain.append({
          type: 'wallet.credited',
          stream: `credit:${randomUUID()}`,
          legs: [
            { accountId: funding, amount: -amount },
            { accountId: id, amount },
          ],
        });
      }
    }
    return ids;
  }

  const transfer = transferEvent;

  /** Appends sent in the same turn of the event loop: one batch (maxBatch is large enough). */
  async function together(ledger: Ledger, events: LedgerEvent[]) {
    const before = batches();
    const results = await Promise.all(events.map((event) => outcome(ledger.append(event))));
    return { results, batches: batches() - before };
  }

  it('answers a refused event with its own error while the rest of its batch commits', async () => {
    const [a, b, c] = await funded(10_000, 5_000, 0);
    const ledger = new Ledger(counting, { groupCommit: { maxBatch: 16, concurrency: 1 } });
    const actorId = randomUUID();
    const key = randomUUID();
    // A keyed transfer committed earlier: the batch replays it once, and refuses another request.
    const first = await ledger.append(
      transfer(a!, c!, 100, { actorId, idempotencyKey: key, requestHash: 'h1' }),
    );

    const { results, batches: used } = await together(ledger, [
      transfer(a!, b!, 1_000),
      transfer(b!, c!, 999_999), // more than b holds
      transfer(a!, c!, 500, { actorId, idempotencyKey: key, requestHash: 'h1' }), // replay
      transfer(a!, c!, 700, { actorId, idempotencyKey: key, requestHash: 'h2' }), // same key, other request
      transfer(a!, randomUUID(), 10), // an account that does not exist
      {
        ...transfer(a!, b!, 10),
        legs: [
          { accountId: a!, amount: -10 },
          { accountId: b!, amount: 9 },
        ],
      },
      transfer(b!, a!, 2_000),
    ]);

    expect(used).toBe(1);
    const kinds = results.map((result) => (typeof result === 'string' ? result : 'ok'));
    expect(kinds).toEqual([
      'ok',
      'insufficient-funds',
      'ok',
      'idempotency-conflict',
      'unknown-account',
      'unbalanced',
      'ok',
    ]);
    // The replay is the first event, as ledger_append answers it.
    expect(results[2]).toEqual({ seq: first.seq, id: first.id, replayed: true });
    expect((results[0] as Appended).replayed).toBe(false);
    // 10,000 - 100 (first) - 1,000 + 2,000; 5,000 + 1,000 - 2,000; 100.
    expect(await balances(pool, [a!, b!, c!])).toEqual([
      { posted: 10_900, pending: 0 },
      { posted: 4_000, pending: 0 },
      { posted: 100, pending: 0 },
    ]);
    expect((await verifyLedger(pool)).violations).toEqual([]);
  });

  it('crosses the same account many times in one batch, in order, each event against the balance the one before left', async () => {
    const [a, b, c] = await funded(1_000, 0, 0);
    const ledger = new Ledger(counting, { groupCommit: { maxBatch: 16, concurrency: 1 } });
    const holdId = randomUUID();
    const { results, batches: used } = await together(ledger, [
      transfer(a!, b!, 600),
      transfer(b!, c!, 600), // b can pay only because the event before credited it
      transfer(a!, c!, 500), // a holds 400 now: refused
      transfer(a!, c!, 400),
      {
        type: 'hold.placed',
        stream: `payout:${holdId}`,
        legs: [],
        holds: [{ op: 'place', holdId, accountId: c!, amount: 700 }],
      },
      {
        // Posts the hold the event before placed, in the same transaction.
        type: 'hold.posted',
        stream: `payout:${holdId}`,
        legs: [
          { accountId: c!, amount: -700 },
          { accountId: a!, amount: 700 },
        ],
        holds: [{ op: 'post', holdId, amount: 700 }],
      },
      transfer(c!, b!, 301), // c holds 300 now: refused
    ]);

    expect(used).toBe(1);
    expect(results.map((result) => (typeof result === 'string' ? result : 'ok'))).toEqual([
      'ok',
      'ok',
      'insufficient-funds',
      'ok',
      'ok',
      'ok',
      'insufficient-funds',
    ]);
    expect(await balances(pool, [a!, b!, c!])).toEqual([
      { posted: 700, pending: 0 },
      { posted: 0, pending: 0 },
      { posted: 300, pending: 0 },
    ]);
    // Each account's postings in seq order, versions without a gap, balances after as they went.
    const { rows } = await pool.query<{
      account_id: string;
      amounts: string[];
      after: string[];
      versions: string[];
    }>(
      `SELECT account_id, array_agg(amount::text ORDER BY id) AS amounts,
              array_agg(balance_after::text ORDER BY id) AS after,
              array_agg(version_after::text ORDER BY id) AS versions
         FROM ledger_postings WHERE account_id = ANY ($1::uuid[]) GROUP BY account_id`,
      [[a, b, c]],
    );
    const byAccount = new Map(rows.map((row) => [row.account_id, row]));
    expect(byAccount.get(a!)).toMatchObject({
      amounts: ['1000', '-600', '-400', '700'],
      after: ['1000', '400', '0', '700'],
      versions: ['1', '2', '3', '4'],
    });
    expect(byAccount.get(b!)).toMatchObject({ amounts: ['600', '-600'], after: ['600', '0'] });
    expect(byAccount.get(c!)).toMatchObject({
      amounts: ['600', '400', '-700'],
      after: ['600', '1000', '300'],
    });
    // The hash chains link posting to posting across the batch, and the log rebuilds them.
    expect((await verifyLedger(pool)).violations).toEqual([]);
    expect((await rebuildProjections(pool)).differences).toEqual([]);
  });

  it('sends the queue in batches of at most maxBatch, every caller answered', async () => {
    const [a, b] = await funded(100_000, 0);
    const ledger = new Ledger(counting, { groupCommit: { maxBatch: 4, concurrency: 2 } });
    const { results, batches: used } = await together(
      ledger,
      Array.from({ length: 10 }, () => transfer(a!, b!, 1)),
    );
    expect(results.every((result) => typeof result !== 'string')).toBe(true);
    expect(new Set(results.map((result) => (result as Appended).seq)).size).toBe(10);
    expect(used).toBe(3);
    expect(await balances(pool, [a!, b!])).toEqual([
      { posted: 99_990, pending: 0 },
      { posted: 10, pending: 0 },
    ]);
  });

  it('commits nothing of a batch whose connection is killed halfway through it', async () => {
    const [a, b, c, d, e, f] = await funded(10_000, 10_000, 0, 0, 1_000, 0);
    const stream = `transfer:${randomUUID()}`;
    // Another transaction appends to a stream (between accounts of its own) and stays open: the
    // batch's third event, on the same stream, waits on it after the first two are appended.
    const blocker = await pool.connect();
    const batchClient = new pg.Client({ connectionString: database.url });
    batchClient.on('error', () => undefined);
    await batchClient.connect();
    try {
      await blocker.query('BEGIN');
      await plain.within(blocker).append(transfer(e!, f!, 1, { stream }));
      const ledger = new Ledger(batchClient, { groupCommit: { maxBatch: 8, concurrency: 1 } });
      const appends = [
        ledger.append(transfer(a!, c!, 111)),
        ledger.append(transfer(b!, c!, 222)),
        ledger.append(transfer(a!, d!, 333, { stream })),
        ledger.append(transfer(b!, d!, 444)),
      ].map((append) =>
        append.then(
          () => 'ok',
          (error: unknown) => (error instanceof LedgerError ? error.kind : 'connection lost'),
        ),
      );
      const pid = (batchClient as unknown as { processID: number }).processID;
      // Halfway: the batch's backend waits on the stream's unique key.
      await until(async () => {
        const { rows } = await pool.query<{ waiting: boolean }>(
          `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`,
          [pid],
        );
        return rows[0]?.waiting === true;
      });
      const { rows: before } = await pool.query<{ events: string }>(
        'SELECT count(*) AS events FROM ledger_events',
      );
      await pool.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(await Promise.all(appends)).toEqual([
        'connection lost',
        'connection lost',
        'connection lost',
        'connection lost',
      ]);
      await blocker.query('ROLLBACK');
      const { rows: after } = await pool.query<{ events: string }>(
        'SELECT count(*) AS events FROM ledger_events',
      );
      expect(after[0]!.events).toBe(before[0]!.events);
      expect(await balances(pool, [a!, b!, c!, d!])).toEqual([
        { posted: 10_000, pending: 0 },
        { posted: 10_000, pending: 0 },
        { posted: 0, pending: 0 },
        { posted: 0, pending: 0 },
      ]);
      expect((await verifyLedger(pool)).violations).toEqual([]);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      blocker.release();
      await batchClient.end().catch(() => undefined);
    }
  });

  it('refuses a malformed event before it is queued, as the plain ledger does', async () => {
    const [a, b] = await funded(1_000, 0);
    const ledger = new Ledger(counting, { groupCommit: { maxBatch: 4, concurrency: 1 } });
    const before = batches();
    await expect(ledger.append(transfer(a!, b!, 1.5))).rejects.toThrow(RangeError);
    await expect(ledger.append(transfer(a!, b!, 1, { idempotencyKey: 'k' }))).rejects.toThrow(
      /needs the actor/,
    );
    expect(batches()).toBe(before);
    expect(() => new Ledger(pool, { groupCommit: { maxBatch: 65 } })).toThrow(RangeError);
  });

  it('races batches against single appends on the same accounts without a deadlock, nothing lost', async () => {
    // More than any account can pay out over all the moves: none is refused, whatever the order.
    const initial = [100_000, 100_000, 100_000, 100_000];
    const ids = await funded(...initial);
    const recording = recordingErrors(pool);
    const single = new Ledger(recording.client);
    const batched = new Ledger(recording.client, { groupCommit: { maxBatch: 8, concurrency: 3 } });
    // Every transfer between two of four accounts, alternately through each path, all at once:
    // both take account locks in one id order, so neither waits on the other in a cycle.
    const moves = Array.from({ length: 240 }, (_, i) => ({
      from: i % 4,
      to: (i * 7 + 1 + Math.floor(i / 4)) % 4,
      amount: 1 + ((i * 37) % 900),
    })).filter((move) => move.from !== move.to);
    const results = await Promise.all(
      moves.map((move, i) =>
        outcome(
          (i % 2 ? batched : single).append(transfer(ids[move.from]!, ids[move.to]!, move.amount)),
        ),
      ),
    );
    expect(results.filter((result) => typeof result === 'string')).toEqual([]);
    const expected = [...initial];
    for (const move of moves) {
      expected[move.from]! -= move.amount;
      expected[move.to]! += move.amount;
    }
    expect(await balances(pool, ids)).toEqual(expected.map((posted) => ({ posted, pending: 0 })));
    expect(recording.codes).toEqual([]);
    expect((await verifyLedger(pool)).violations).toEqual([]);
  });

  it('appends inside a caller transaction through within(), committing with the caller', async () => {
    const [a, b] = await funded(1_000, 0);
    const ledger = new Ledger(counting, { groupCommit: {} });
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const bound = ledger.within(client);
      await bound.append(transfer(a!, b!, 250));
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await balances(pool, [a!, b!])).toEqual([
      { posted: 1_000, pending: 0 },
      { posted: 0, pending: 0 },
    ]);
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}
