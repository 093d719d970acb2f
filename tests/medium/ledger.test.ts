import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Ledger,
  LedgerError,
  rebuildProjections,
  verifyLedger,
  type SqlClient,
} from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ExpireHoldsHandler } from '../../apps/api/src/ledger/expire-holds.job.js';
import { given } from '../support/given.js';
import { newTestPool } from '../support/databases.js';
import { transferEvent } from '../support/ledger-accounts.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';

/**
 * The Ledger driven directly on a pool of its own, against the real migrated schema; the
 * application makes users the way the API does and runs the hold-expiry job's handler. Moved
 * from tests/integration/ledger.test.ts and hold-expiry.test.ts: nothing here goes through HTTP.
 * Each test runs on the plain ledger (an append per transaction) and on the group-commit ledger
 * (appends batched through ledger_append_batch), which must answer alike.
 */
const LEDGERS: [string, (db: SqlClient) => Ledger][] = [
  ['Ledger', (db) => new Ledger(db)],
  [
    'Ledger with groupCommit',
    (db) => new Ledger(db, { groupCommit: { maxBatch: 8, concurrency: 2 } }),
  ],
];

describe.each(LEDGERS)('the ledger on Postgres (%s)', (_name, makeLedger) => {
  let world: MediumApp;
  let pool: pg.Pool;
  let ledger: Ledger;
  let funding: string;

  beforeAll(async () => {
    world = await startMediumApp();
    pool = newTestPool(world.databaseUrl, 12);
    ledger = makeLedger(pool);
    funding = await ledger.systemAccount('system:funding');
  });
  afterAll(async () => {
    await pool.end();
    await world.close();
  });

  async function wallet(): Promise<string> {
    const user = await given(world).user();
    return ledger.userAccount(user.id, 'wallet');
  }

  async function balance(accountId: string): Promise<{ available: number; pending: number }> {
    const { rows } = await pool.query(
      `SELECT (credits_posted - debits_posted - debits_pending)::int AS available, debits_pending::int AS pending
         FROM ledger_accounts WHERE id = $1`,
      [accountId],
    );
    return rows[0];
  }

  const credit = (accountId: string, amount: number) =>
    ledger.append({
      type: 'wallet.credited',
      stream: `credit:${randomUUID()}`,
      legs: [
        { accountId: funding, amount: -amount },
        { accountId, amount },
      ],
    });

  const transfer = (
    from: string,
    to: string,
    amount: number,
    extra: Partial<Parameters<Ledger['append']>[0]> = {},
  ) => ledger.append(transferEvent(from, to, amount, extra));

  it('credits a wallet from the funding account and records balanced postings with balances after', async () => {
    const account = await wallet();
    const { seq, replayed } = await credit(account, 150_050);
    expect(replayed).toBe(false);
    expect(await balance(account)).toEqual({ available: 150_050, pending: 0 });
    const { rows } = await pool.query(
      'SELECT amount::int, balance_after::int FROM ledger_postings WHERE event_seq = $1 AND account_id = $2',
      [seq, account],
    );
    expect(rows).toEqual([{ amount: 150_050, balance_after: 150_050 }]);
  });

  it('hands out seqs as strings and balances as exact numbers on a pool that parses int8', async () => {
    const account = await wallet();
    const appended = await credit(account, 1_234_56);
    expect(typeof appended.seq).toBe('string');
    expect(appended.seq).toMatch(/^\d+$/);
    const { rows } = await pool.query(
      'SELECT balance_after FROM ledger_postings WHERE event_seq = $1 AND account_id = $2',
      [appended.seq, account],
    );
    expect(rows).toEqual([{ balance_after: 1_234_56 }]);
  });

  it('refuses a transfer the wallet cannot cover and moves nothing', async () => {
    const [from, to] = [await wallet(), await wallet()];
    await credit(from, 1_000);
    await expect(transfer(from, to, 1_001)).rejects.toMatchObject({
      kind: 'insufficient-funds',
      subject: from,
    });
    expect(await balance(from)).toEqual({ available: 1_000, pending: 0 });
    expect(await balance(to)).toEqual({ available: 0, pending: 0 });
    await transfer(from, to, 1_000);
    expect([await balance(from), await balance(to)]).toEqual([
      { available: 0, pending: 0 },
      { available: 1_000, pending: 0 },
    ]);
  });

  it('refuses legs that do not sum to zero', async () => {
    const account = await wallet();
    await expect(
      ledger.append({
        type: 'x',
        stream: `x:${randomUUID()}`,
        legs: [{ accountId: account, amount: 5 }],
      }),
    ).rejects.toMatchObject({ kind: 'unbalanced' });
  });

  it('answers a repeated idempotency key with the first result and moves money once, even 20 at once', async () => {
    const [from, to] = [await wallet(), await wallet()];
    await credit(from, 10_000);
    const actorId = (await given(world).user()).id;
    const request = { actorId, idempotencyKey: randomUUID(), requestHash: 'same-request' };
    const stream = `transfer:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.append({
          type: 'wallet.transferred',
          stream,
          legs: [
            { accountId: from, amount: -2_500 },
            { accountId: to, amount: 2_500 },
          ],
          ...request,
        }),
      ),
    );
    expect(new Set(results.map((result) => result.seq)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await balance(to)).toEqual({ available: 2_500, pending: 0 });
    await expect(
      transfer(from, to, 100, { ...request, requestHash: 'another-request' }),
    ).rejects.toMatchObject({
      kind: 'idempotency-conflict',
    });
  });

  it('holds money, then posts part of it or voids it, exactly once', async () => {
    const [account, clearing] = [
      await wallet(),
      await ledger.systemAccount('system:payout_clearing'),
    ];
    await credit(account, 10_000);
    const hold = randomUUID();
    await ledger.append({
      type: 'hold.placed',
      stream: `payout:${hold}`,
      legs: [],
      holds: [{ op: 'place', holdId: hold, accountId: account, amount: 6_000 }],
    });
    expect(await balance(account)).toEqual({ available: 4_000, pending: 6_000 });
    await expect(transfer(account, clearing, 4_001)).rejects.toMatchObject({
      kind: 'insufficient-funds',
    });

    await ledger.append({
      type: 'hold.posted',
      stream: `payout:${hold}`,
      legs: [
        { accountId: account, amount: -5_500 },
        { accountId: clearing, amount: 5_500 },
      ],
      holds: [{ op: 'post', holdId: hold, amount: 5_500 }],
    });
    expect(await balance(account)).toEqual({ available: 4_500, pending: 0 });
    await expect(
      ledger.append({
        type: 'hold.voided',
        stream: `payout:${hold}`,
        legs: [],
        holds: [{ op: 'void', holdId: hold }],
      }),
    ).rejects.toMatchObject({ kind: 'hold-not-pending' });

    const second = randomUUID();
    await ledger.append({
      type: 'hold.placed',
      stream: `payout:${second}`,
      legs: [],
      holds: [
        {
          op: 'place',
          holdId: second,
          accountId: account,
          amount: 4_500,
          expiresAt: new Date(Date.now() - 1000),
        },
      ],
    });
    await expect(
      ledger.append({
        type: 'hold.posted',
        stream: `payout:${second}`,
        legs: [
          { accountId: account, amount: -4_500 },
          { accountId: clearing, amount: 4_500 },
        ],
        holds: [{ op: 'post', holdId: second, amount: 4_500 }],
      }),
    ).rejects.toMatchObject({ kind: 'hold-not-pending' });
    await ledger.append({
      type: 'hold.voided',
      stream: `payout:${second}`,
      legs: [],
      holds: [{ op: 'void', holdId: second }],
    });
    expect(await balance(account)).toEqual({ available: 4_500, pending: 0 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on events and postings', async () => {
    for (const sql of [
      'UPDATE ledger_postings SET amount = amount + 1',
      'DELETE FROM ledger_postings',
      'UPDATE ledger_events SET type = type',
      'DELETE FROM ledger_events',
      'TRUNCATE ledger_postings CASCADE',
    ]) {
      await expect(pool.query(sql)).rejects.toThrow(/append-only/);
    }
  });

  it('verifies clean, rebuilds every balance exactly, and catches a tampered posting', async () => {
    const verified = await verifyLedger(pool);
    expect(verified.violations).toEqual([]);
    expect(verified.checked.postings).toBeGreaterThan(10);
    expect((await rebuildProjections(pool)).differences).toEqual([]);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only');
      await client.query(
        'UPDATE ledger_postings SET amount = amount + 100 WHERE id = (SELECT max(id) FROM ledger_postings WHERE amount > 0)',
      );
      const tampered = await verifyLedger(client);
      expect(tampered.ok).toBe(false);
      expect(tampered.violations.join('\n')).toMatch(/hash chain breaks/);
      expect(tampered.violations.join('\n')).toMatch(/every event balances/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('is a LedgerError a caller can tell apart', async () => {
    const error = await transfer(await wallet(), await wallet(), 1).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LedgerError);
  });

  // The job's schedule in BullMQ is checked where a real queue runs (integration/jobs.test.ts).
  describe('expired holds', () => {
    async function heldWallet(expiresAt: Date) {
      const account = await wallet();
      await credit(account, 10_000);
      const holdId = randomUUID();
      await ledger.append({
        type: 'hold.placed',
        stream: `hold:${holdId}`,
        legs: [],
        holds: [{ op: 'place', holdId, accountId: account, amount: 4_000, expiresAt }],
      });
      return { wallet: account, holdId };
    }

    it('voids holds past their expiry, giving the money back, and leaves live ones alone', async () => {
      const expired = await heldWallet(new Date(Date.now() - 1000));
      const live = await heldWallet(new Date(Date.now() + 3_600_000));
      await world.app.get(ExpireHoldsHandler).handle();

      const { rows: holds } = await pool.query<{ id: string; status: string }>(
        'SELECT id, status FROM ledger_holds WHERE id = ANY($1)',
        [[expired.holdId, live.holdId]],
      );
      expect(Object.fromEntries(holds.map((hold) => [hold.id, hold.status]))).toEqual({
        [expired.holdId]: 'voided',
        [live.holdId]: 'pending',
      });
      const { rows: accounts } = await pool.query<{ pending: string }>(
        'SELECT debits_pending::text AS pending FROM ledger_accounts WHERE id = $1',
        [expired.wallet],
      );
      expect(accounts[0]!.pending).toBe('0');
      const { rows: events } = await pool.query(
        'SELECT type FROM ledger_events WHERE stream = $1 ORDER BY seq',
        [`hold:${expired.holdId}`],
      );
      expect(events).toEqual([{ type: 'hold.placed' }, { type: 'hold.expired' }]);
    });

    it('voids many expired holds in one run, each once, and leaves alone one its owner voided', async () => {
      const past = new Date(Date.now() - 1000);
      const held = [];
      for (let i = 0; i < 6; i++) held.push(await heldWallet(past));
      // Voided by its owner before the job runs: not voided again.
      const closed = held[0]!;
      await ledger.append({
        type: 'hold.voided',
        stream: `hold:${closed.holdId}`,
        legs: [],
        holds: [{ op: 'void', holdId: closed.holdId }],
      });
      await world.app.get(ExpireHoldsHandler).handle();

      const { rows } = await pool.query<{ stream: string; types: string[] }>(
        `SELECT stream, array_agg(type ORDER BY seq) AS types FROM ledger_events
          WHERE stream = ANY ($1) GROUP BY stream`,
        [held.map((hold) => `hold:${hold.holdId}`)],
      );
      const typesOf = new Map(rows.map((row) => [row.stream, row.types]));
      expect(typesOf.get(`hold:${closed.holdId}`)).toEqual(['hold.placed', 'hold.voided']);
      for (const hold of held.slice(1)) {
        expect(typesOf.get(`hold:${hold.holdId}`)).toEqual(['hold.placed', 'hold.expired']);
        expect(await balance(hold.wallet)).toEqual({ available: 10_000, pending: 0 });
      }
    });
  });
});
