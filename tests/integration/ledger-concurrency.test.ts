/**
 * The ledger under concurrent appends from many connections: the balance floor holds at every
 * posting, money is conserved, every refusal is the ledger's own ('insufficient-funds' and the
 * like), no deadlock or unique violation happens behind the ledger's retries unless expected,
 * and verify and rebuild stay clean. Behaviour only: nothing here measures time.
 *
 * The transfers are drawn by fast-check from a fixed seed; which of them win is up to Postgres,
 * so the assertions hold for any interleaving.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Ledger,
  LedgerError,
  rebuildProjections,
  SYSTEM_SHARDS,
  verifyLedger,
  type Appended,
  type LedgerEvent,
  type SqlClient,
} from '@khata/ledger';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import { balances, openAccount, recordingErrors } from '../support/ledger-accounts.js';
import { currentTestRun } from '../support/run.mjs';

const SEED = 20_251_123;

interface Move {
  from: number;
  to: number;
  amount: number;
}

type Attempt =
  | { ok: Appended; refused?: undefined; error?: undefined }
  | { ok?: undefined; refused: LedgerError; error?: undefined }
  | { ok?: undefined; refused?: undefined; error: unknown };

/** Random transfers among `accounts`, drawn from the fixed seed. */
function drawMoves(count: number, accounts: number, maxAmount: number, seed = SEED): Move[] {
  const move = fc
    .record({
      from: fc.nat({ max: accounts - 1 }),
      to: fc.nat({ max: accounts - 1 }),
      amount: fc.integer({ min: 1, max: maxAmount }),
    })
    .filter((drawn) => drawn.from !== drawn.to);
  return fc.sample(move, { seed, numRuns: count });
}

/**
 * The plain ledger (one append per transaction, 16 at a time) and the group-commit ledger
 * (appends batched, up to 16 per transaction, 4 batches at a time) under the same assertions.
 */
const LEDGERS: [string, (db: SqlClient) => Ledger][] = [
  ['Ledger', (db) => new Ledger(db)],
  [
    'Ledger with groupCommit',
    (db) => new Ledger(db, { groupCommit: { maxBatch: 16, concurrency: 4 } }),
  ],
];

describe.each(LEDGERS)(
  'the ledger under concurrent appends (pg.Pool of 16, %s)',
  (_name, makeLedger) => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let pool: pg.Pool;
    let ledger: Ledger;
    /** Codes of every error Postgres raised, including those the ledger retried. */
    let codes: string[];

    beforeAll(async () => {
      database = await createTestDatabase(currentTestRun());
      pool = newTestPool(database.url, 16);
      const recording = recordingErrors(pool);
      codes = recording.codes;
      ledger = makeLedger(recording.client);
    });
    afterAll(async () => {
      await pool?.end();
      await database?.drop();
    });

    const attempt = (event: LedgerEvent): Promise<Attempt> =>
      ledger.append(event).then(
        (ok) => ({ ok }),
        (caught: unknown) =>
          caught instanceof LedgerError ? { refused: caught } : { error: caught },
      );

    /** Accounts credited from the (sharded) funding account, one event each. */
    async function fundedAccounts(amounts: number[], overdrafts: number[] = []): Promise<string[]> {
      const ids: string[] = [];
      for (const [i, amount] of amounts.entries()) {
        const id = await openAccount(pool, { overdraft: overdrafts[i] ?? 0 });
        ids.push(id);
        if (amount === 0) continue;
        await ledger.append({
          type: 'wallet.credited',
          stream: `credit:${randomUUID()}`,
          legs: [
            { accountId: await ledger.systemAccount('system:funding'), amount: -amount },
            { accountId: id, amount },
          ],
        });
      }
      return ids;
    }

    /** All transfers at once (the pool runs 16 at a time); a fee to a fee-income shard if asked. */
    async function transferAll(ids: string[], moves: Move[], tag: string, fee = 0) {
      const attempts = await Promise.all(
        moves.map(async (move) =>
          attempt({
            type: 'wallet.transferred',
            stream: `${tag}:${randomUUID()}`,
            legs: [
              { accountId: ids[move.from]!, amount: -(move.amount + fee) },
              { accountId: ids[move.to]!, amount: move.amount },
              ...(fee
                ? [{ accountId: await ledger.systemAccount('system:fee_income'), amount: fee }]
                : []),
            ],
          }),
        ),
      );
      return moves.map((move, i) => ({ move, ...attempts[i]! }));
    }

    /**
     * What must hold after any interleaving: only 'insufficient-funds' refusals, each naming the
     * payer; final balances exactly the initial ones plus the transfers that went through;
     * totals conserved; the floor held at every posting; one event per success; verify and
     * rebuild clean.
     */
    async function expectConsistent(
      ids: string[],
      initial: number[],
      overdrafts: number[],
      results: Awaited<ReturnType<typeof transferAll>>,
      tag: string,
      fee = 0,
    ) {
      expect(
        results.filter((result) => result.error).map((result) => String(result.error)),
      ).toEqual([]);
      const refusals = results.filter((result) => result.refused);
      // Only 'insufficient-funds', naming the payer: never 'contention' (deadlocks retried out).
      expect(
        refusals
          .filter(
            ({ move, refused }) =>
              refused!.kind !== 'insufficient-funds' || refused!.subject !== ids[move.from],
          )
          .map(
            ({ move, refused }) => `${move.from} -> ${move.to} ${move.amount}: ${refused!.kind}`,
          ),
      ).toEqual([]);

      const expected = [...initial];
      for (const { move, ok } of results) {
        if (!ok) continue;
        expected[move.from]! -= move.amount + fee;
        expected[move.to]! += move.amount;
      }
      const live = await balances(pool, ids);
      expect(live).toEqual(expected.map((posted) => ({ posted, pending: 0 })));
      const total = (list: number[]) => list.reduce((sum, value) => sum + value, 0);
      const succeeded = results.filter((result) => result.ok).length;
      expect(total(live.map((balance) => balance.posted))).toBe(total(initial) - succeeded * fee);
      live.forEach(({ posted }, i) => expect(posted).toBeGreaterThanOrEqual(-overdrafts[i]!));

      const { rows } = await pool.query<{ below: string; events: string }>(
        `SELECT (SELECT count(*) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                WHERE a.id = ANY ($1::uuid[]) AND p.balance_after + a.overdraft_limit < 0) AS below,
              (SELECT count(*) FROM ledger_events WHERE stream LIKE $2 || ':%') AS events`,
        [ids, tag],
      );
      expect({ below: Number(rows[0]!.below), events: Number(rows[0]!.events) }).toEqual({
        below: 0,
        events: succeeded,
      });
      expect((await verifyLedger(pool)).violations).toEqual([]);
      expect((await rebuildProjections(pool)).differences).toEqual([]);
      return { succeeded, refused: refusals.length };
    }

    it('600 random transfers among 5 accounts, some beyond their balance: floor held, money conserved', async () => {
      const overdrafts = [0, 0, 2_000, 5_000, 0];
      const initial = [10_000, 10_000, 10_000, 10_000, 10_000];
      const ids = await fundedAccounts(initial, overdrafts);
      codes.length = 0;
      const tag = `many-${randomUUID()}`;
      // Up to 12,000 each, and every 50th more than all five hold together: refused whatever the order.
      const moves = drawMoves(600, 5, 12_000).map((move, i) =>
        i % 50 === 0 ? { ...move, amount: 60_000 } : move,
      );
      const results = await transferAll(ids, moves, tag);
      const { succeeded, refused } = await expectConsistent(ids, initial, overdrafts, results, tag);
      expect(succeeded).toBeGreaterThan(0);
      expect(refused).toBeGreaterThanOrEqual(12);
      // Accounts locked in id order: not one deadlock (which the ledger would retry unseen).
      expect(codes.filter((code) => code !== 'KL001')).toEqual([]);
    }, 60_000);

    it('300 transfers back and forth on one hot pair: no deadlock, nothing lost', async () => {
      const overdrafts = [1_000, 0];
      const initial = [5_000, 5_000];
      const ids = await fundedAccounts(initial, overdrafts);
      codes.length = 0;
      const tag = `pair-${randomUUID()}`;
      const amounts = fc.sample(fc.integer({ min: 1, max: 4_000 }), { seed: SEED, numRuns: 300 });
      const moves = amounts.map((amount, i) => ({ from: i % 2, to: (i + 1) % 2, amount }));
      const results = await transferAll(ids, moves, tag);
      const { succeeded } = await expectConsistent(ids, initial, overdrafts, results, tag);
      expect(succeeded).toBeGreaterThan(0);
      expect(codes.filter((code) => code !== 'KL001')).toEqual([]);
    }, 60_000);

    it('every transfer pays a fee to the sharded system:fee_income: fees add up and spread over shards', async () => {
      const fee = 7;
      const overdrafts = [0, 0, 0, 0, 0];
      const initial = [20_000, 20_000, 20_000, 20_000, 20_000];
      const ids = await fundedAccounts(initial, overdrafts);
      const shards = await pool.query<{ id: string; posted: string; floor_exempt: boolean }>(
        `SELECT id, credits_posted - debits_posted AS posted, floor_exempt FROM ledger_accounts
        WHERE kind = 'system:fee_income'`,
      );
      expect(shards.rows).toHaveLength(SYSTEM_SHARDS);
      expect(shards.rows.every((shard) => shard.floor_exempt)).toBe(true);
      const before = shards.rows.reduce((sum, shard) => sum + Number(shard.posted), 0);
      codes.length = 0;
      const tag = `fee-${randomUUID()}`;
      const results = await transferAll(ids, drawMoves(300, 5, 3_000), tag, fee);
      const { succeeded } = await expectConsistent(ids, initial, overdrafts, results, tag, fee);
      expect(succeeded).toBeGreaterThan(100);
      expect(codes.filter((code) => code !== 'KL001')).toEqual([]);

      const { rows } = await pool.query<{ total: string; shards: string; postings: string }>(
        `SELECT sum(p.amount) AS total, count(DISTINCT p.account_id) AS shards, count(*) AS postings
         FROM ledger_postings p JOIN ledger_events e ON e.seq = p.event_seq
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.stream LIKE $1 || ':%' AND a.kind = 'system:fee_income'`,
        [tag],
      );
      expect(Number(rows[0]!.total)).toBe(succeeded * fee);
      expect(Number(rows[0]!.postings)).toBe(succeeded);
      // Spread at random over 16 shards; over 100+ fees, fewer than 8 shards is practically impossible.
      expect(Number(rows[0]!.shards)).toBeGreaterThanOrEqual(8);
      const after = await pool.query<{ posted: string }>(
        `SELECT sum(credits_posted - debits_posted) AS posted FROM ledger_accounts
        WHERE kind = 'system:fee_income'`,
      );
      expect(Number(after.rows[0]!.posted) - before).toBe(succeeded * fee);
    }, 60_000);

    it('the same idempotency key 30 times at once (and 5 times with another request) moves money once', async () => {
      const [payer, payee] = await fundedAccounts([10_000, 0]);
      codes.length = 0;
      const actorId = randomUUID();
      const idempotencyKey = randomUUID();
      const stream = `keyed:${randomUUID()}`;
      const request = (amount: number, requestHash: string): LedgerEvent => ({
        type: 'wallet.transferred',
        stream,
        legs: [
          { accountId: payer!, amount: -amount },
          { accountId: payee!, amount },
        ],
        actorId,
        idempotencyKey,
        requestHash,
      });
      // 30 of request A (2,500) and 5 of request B (700), interleaved, all in flight together.
      const sent = Array.from({ length: 35 }, (_, i) =>
        i % 7 === 3 ? { amount: 700, hash: 'B' } : { amount: 2_500, hash: 'A' },
      );
      const attempts = await Promise.all(
        sent.map(({ amount, hash }) => attempt(request(amount, hash))),
      );
      const results = sent.map((request, i) => ({ ...request, ...attempts[i]! }));

      expect(
        results.filter((result) => result.error).map((result) => String(result.error)),
      ).toEqual([]);
      const firsts = results.filter((result) => result.ok && !result.ok.replayed);
      expect(firsts).toHaveLength(1);
      const winner = firsts[0]!;
      for (const result of results) {
        if (result === winner) continue;
        if (result.hash === winner.hash) {
          // A replay answers the first event, by seq and by id.
          expect(result.ok).toEqual({ seq: winner.ok!.seq, id: winner.ok!.id, replayed: true });
        } else {
          expect(result.refused?.kind).toBe('idempotency-conflict');
        }
      }
      expect(await balances(pool, [payer!, payee!])).toEqual([
        { posted: 10_000 - winner.amount, pending: 0 },
        { posted: winner.amount, pending: 0 },
      ]);
      const { rows } = await pool.query<{ events: string }>(
        'SELECT count(*) AS events FROM ledger_events WHERE actor_id = $1 AND idempotency_key = $2',
        [actorId, idempotencyKey],
      );
      expect(Number(rows[0]!.events)).toBe(1);
      // Twins wait on the unique key, fail on it, and the retry answers them: nothing else.
      expect(codes.filter((code) => code !== '23505' && code !== 'KL005')).toEqual([]);
      expect((await verifyLedger(pool)).violations).toEqual([]);
    }, 60_000);

    it('holds raced: 20 placements on room for 10, then post and void racing on each hold', async () => {
      const [account] = await fundedAccounts([10_000]);
      const clearing = await ledger.systemAccount('system:payout_clearing');
      codes.length = 0;
      const holdIds = Array.from({ length: 20 }, () => randomUUID());
      const placed = await Promise.all(
        holdIds.map((holdId) =>
          attempt({
            type: 'hold.placed',
            stream: `payout:${holdId}`,
            legs: [],
            holds: [{ op: 'place', holdId, accountId: account!, amount: 1_000 }],
          }),
        ),
      );
      expect(placed.filter((result) => result.error)).toEqual([]);
      expect(placed.filter((result) => result.ok)).toHaveLength(10);
      expect(placed.filter((result) => result.refused?.kind === 'insufficient-funds')).toHaveLength(
        10,
      );
      expect(await balances(pool, [account!])).toEqual([{ posted: 10_000, pending: 10_000 }]);

      const live = holdIds.filter((_, i) => placed[i]!.ok);
      const closes = await Promise.all(
        live.flatMap((holdId) => [
          attempt({
            type: 'hold.posted',
            stream: `payout:${holdId}`,
            legs: [
              { accountId: account!, amount: -1_000 },
              { accountId: clearing, amount: 1_000 },
            ],
            holds: [{ op: 'post', holdId, amount: 1_000 }],
          }),
          attempt({
            type: 'hold.voided',
            stream: `payout:${holdId}`,
            legs: [],
            holds: [{ op: 'void', holdId }],
          }),
        ]),
      );
      expect(closes.filter((result) => result.error).map((result) => String(result.error))).toEqual(
        [],
      );
      let posts = 0;
      for (let i = 0; i < live.length; i++) {
        const [post, voided] = [closes[2 * i]!, closes[2 * i + 1]!];
        // Exactly one of the two closes the hold; the other finds it closed.
        expect(
          [post.ok ? 'ok' : post.refused?.kind, voided.ok ? 'ok' : voided.refused?.kind].sort(),
        ).toEqual(['hold-not-pending', 'ok']);
        if (post.ok) posts += 1;
      }
      expect(await balances(pool, [account!])).toEqual([
        { posted: 10_000 - posts * 1_000, pending: 0 },
      ]);
      const { rows } = await pool.query<{ status: string; count: string }>(
        'SELECT status, count(*) FROM ledger_holds WHERE id = ANY ($1::uuid[]) GROUP BY status',
        [live],
      );
      expect(Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]))).toEqual({
        ...(posts && { posted: posts }),
        ...(posts < 10 && { voided: 10 - posts }),
      });
      // The post and the void of one hold share a stream: one may retry its stream version (23505).
      expect(codes.filter((code) => !['KL001', 'KL004', '23505'].includes(code))).toEqual([]);
      expect((await verifyLedger(pool)).violations).toEqual([]);
      expect((await rebuildProjections(pool)).differences).toEqual([]);
    }, 60_000);
  },
);
