/**
 * A model-based property test of Khata's money operations on real Postgres (issue 13): random
 * sequences of credits, transfers, payouts (requested, processed, failed, returned after
 * processing), liens and security deposits placed and released, overdraft limits set and
 * ended, and admin debits, each appended as the API appends it (the payout events by
 * PayoutLedger itself, liens and deposits by holdingEvent, limits by overdraftEvent), run
 * against a small model of what every balance should be.
 *
 * After every command: the ledger answered as the model expected (done, or refused for want
 * of funds / a limit below what is owed), and every wallet, lien, security account, pending
 * hold and overdraft limit equals the model's; no wallet is below minus its limit and what it
 * may spend (posted - pending + limit) is never negative. After every sequence: every event
 * sums to zero and every invariant holds (`verifyLedger`), and a replay of the log rebuilds
 * every balance and limit exactly (`rebuildProjections`).
 *
 * Adding an operation (Helper C's commission legs on a processed payout, say) is one more
 * class of `MoneyCommand`: what it expects of the model, the event it appends, and what it
 * changes in the model; and one more arbitrary in `commands`.
 *
 * Reproducible: MONEY_MODEL_SEED and MONEY_MODEL_RUNS override the fixed seed and run count.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Ledger,
  rebuildProjections,
  verifyLedger,
  type LedgerErrorKind,
  type LedgerEvent,
  type SqlClient,
} from '@khata/ledger';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { holdingEvent } from '../../apps/api/src/balances/commands/holding-events.js';
import { overdraftEvent } from '../../apps/api/src/balances/commands/overdraft-event.js';
import { CommissionsRepository } from '../../apps/api/src/commissions/commissions.repository.js';
import type { Db } from '../../apps/api/src/database/unit-of-work.js';
import { PayoutLedger } from '../../apps/api/src/payouts/payout-ledger.js';
import { PayoutsRepository } from '../../apps/api/src/payouts/payouts.repository.js';
import type { Payout } from '../../apps/api/src/payouts/payout.js';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import { openAccount, outcome } from '../support/ledger-accounts.js';
import { currentTestRun } from '../support/run.mjs';

const SEED = Number(process.env.MONEY_MODEL_SEED ?? 20_261_125);
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 16);
const MAX_COMMANDS = 30;
const USERS = 3;

type Held = 'lien' | 'security';

interface ModelPayout {
  payout: Payout;
  status: 'queued' | 'processed' | 'failed' | 'returned';
}

interface ModelHolding {
  id: string;
  kind: Held;
  user: number;
  amount: number;
  released: boolean;
}

/** What every user's accounts should hold, in paise. */
interface Model {
  wallet: number[];
  pending: number[];
  lien: number[];
  security: number[];
  limit: number[];
  payouts: ModelPayout[];
  holdings: ModelHolding[];
}

interface UserAccounts {
  wallet: string;
  lien: string;
  security: string;
}

interface Real {
  db: SqlClient;
  ledger: Ledger;
  payouts: PayoutLedger;
  users: UserAccounts[];
  seen: Map<string, number>;
}

type Expected = 'ok' | LedgerErrorKind;

/** What the wallet may spend now: the floor `ledger_append` keeps. */
const spendable = (m: Readonly<Model>, user: number) =>
  m.wallet[user]! - m.pending[user]! + m.limit[user]!;

function note(r: Real, what: string) {
  r.seen.set(what, (r.seen.get(what) ?? 0) + 1);
}

/** Every account of every user, and its limit, as the ledger holds them now. */
async function compare(m: Model, r: Real, after: string) {
  const ids = r.users.flatMap((u) => [u.wallet, u.lien, u.security]);
  const { rows } = await r.db.query<{
    id: string;
    posted: string;
    pending: string;
    overdraft_limit: string;
  }>(
    `SELECT account_id AS id, posted, pending, overdraft_limit FROM ledger_balances_view
      WHERE account_id = ANY ($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const live = r.users.map((u) => ({
    wallet: Number(byId.get(u.wallet)!.posted),
    pending: Number(byId.get(u.wallet)!.pending),
    limit: Number(byId.get(u.wallet)!.overdraft_limit),
    lien: Number(byId.get(u.lien)!.posted),
    security: Number(byId.get(u.security)!.posted),
  }));
  const expected = r.users.map((_, i) => ({
    wallet: m.wallet[i],
    pending: m.pending[i],
    limit: m.limit[i],
    lien: m.lien[i],
    security: m.security[i],
  }));
  expect({ after, live }).toEqual({ after, live: expected });
  for (const user of live) {
    // No wallet below minus its limit, holds counted: what it may spend is never negative.
    expect(user.wallet - user.pending + user.limit).toBeGreaterThanOrEqual(0);
    expect(user.lien).toBeGreaterThanOrEqual(0);
    expect(user.security).toBeGreaterThanOrEqual(0);
  }
}

abstract class MoneyCommand implements fc.AsyncCommand<Model, Real> {
  check(_m: Readonly<Model>): boolean {
    return true;
  }

  /** The outcome the model expects: 'ok', or the ledger's refusal. */
  abstract expected(m: Readonly<Model>): Expected;
  /** The event, as the API appends it. */
  abstract event(m: Readonly<Model>, r: Real): Promise<LedgerEvent | (() => Promise<unknown>)>;
  /** What a success changes in the model. */
  abstract apply(m: Model): void;
  abstract toString(): string;

  async run(m: Model, r: Real) {
    const expected = this.expected(m);
    note(r, `${this.constructor.name}:${expected}`);
    const event = await this.event(m, r);
    // PayoutLedger answers a seq (a string): what counts is that it did not throw.
    const appended =
      typeof event === 'function' ? event().then(() => 'done') : r.ledger.append(event);
    const result = await outcome(appended as Promise<never>);
    const got = typeof result === 'string' && (result as string) !== 'done' ? result : 'ok';
    if (got !== expected) throw new Error(`${String(this)}: expected ${expected}, got ${got}`);
    if (got === 'ok') this.apply(m);
    await compare(m, r, String(this));
  }
}

class Credit extends MoneyCommand {
  constructor(
    readonly user: number,
    readonly amount: number,
  ) {
    super();
  }
  expected() {
    return 'ok' as const;
  }
  async event(_m: Model, r: Real): Promise<LedgerEvent> {
    return {
      type: 'wallet.credited',
      stream: `credit:${randomUUID()}`,
      legs: [
        { accountId: await r.ledger.systemAccount('system:funding'), amount: -this.amount },
        { accountId: r.users[this.user]!.wallet, amount: this.amount },
      ],
    };
  }
  apply(m: Model) {
    m.wallet[this.user]! += this.amount;
  }
  toString() {
    return `credit(${this.user}, ${this.amount})`;
  }
}

class Transfer extends MoneyCommand {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: number,
  ) {
    super();
  }
  override check() {
    return this.from !== this.to;
  }
  expected(m: Readonly<Model>): Expected {
    return spendable(m, this.from) >= this.amount ? 'ok' : 'insufficient-funds';
  }
  async event(_m: Model, r: Real): Promise<LedgerEvent> {
    return {
      type: 'wallet.transferred',
      stream: `transfer:${randomUUID()}`,
      legs: [
        { accountId: r.users[this.from]!.wallet, amount: -this.amount },
        { accountId: r.users[this.to]!.wallet, amount: this.amount },
      ],
    };
  }
  apply(m: Model) {
    m.wallet[this.from]! -= this.amount;
    m.wallet[this.to]! += this.amount;
  }
  toString() {
    return `transfer(${this.from} -> ${this.to}, ${this.amount})`;
  }
}

/** An admin debit: the wallet pays the funding account, under its floor. */
class AdminDebit extends MoneyCommand {
  constructor(
    readonly user: number,
    readonly amount: number,
  ) {
    super();
  }
  expected(m: Readonly<Model>): Expected {
    return spendable(m, this.user) >= this.amount ? 'ok' : 'insufficient-funds';
  }
  async event(_m: Model, r: Real): Promise<LedgerEvent> {
    return {
      type: 'wallet.debited',
      stream: `debit:${randomUUID()}`,
      legs: [
        { accountId: r.users[this.user]!.wallet, amount: -this.amount },
        { accountId: await r.ledger.systemAccount('system:funding'), amount: this.amount },
      ],
    };
  }
  apply(m: Model) {
    m.wallet[this.user]! -= this.amount;
  }
  toString() {
    return `debit(${this.user}, ${this.amount})`;
  }
}

class RequestPayout extends MoneyCommand {
  private payout?: Payout;
  constructor(
    readonly user: number,
    readonly amount: number,
    readonly fee: number,
  ) {
    super();
  }
  expected(m: Readonly<Model>): Expected {
    return spendable(m, this.user) >= this.amount + this.fee ? 'ok' : 'insufficient-funds';
  }
  async event(_m: Model, r: Real) {
    const payout = newPayout(r.users[this.user]!.wallet, this.amount, this.fee);
    this.payout = payout;
    return () => r.payouts.requested(r.db, payout, randomUUID(), {});
  }
  apply(m: Model) {
    m.pending[this.user]! += this.amount + this.fee;
    m.payouts.push({ payout: this.payout!, status: 'queued' });
  }
  toString() {
    return `payout(${this.user}, ${this.amount} + fee ${this.fee})`;
  }
}

/** Moves a payout on: processed or failed from queued, returned (a late bank return) from processed. */
class MovePayout extends MoneyCommand {
  constructor(
    readonly pick: number,
    readonly to: 'processed' | 'failed' | 'returned',
  ) {
    super();
  }
  private target(m: Readonly<Model>): ModelPayout | undefined {
    const from = this.to === 'returned' ? 'processed' : 'queued';
    const candidates = m.payouts.filter((p) => p.status === from);
    return candidates[this.pick % Math.max(candidates.length, 1)];
  }
  override check(m: Readonly<Model>) {
    return this.target(m) !== undefined;
  }
  expected() {
    return 'ok' as const;
  }
  private user(m: Readonly<Model>, r: Real) {
    const payout = this.target(m)!.payout;
    return r.users.findIndex((u) => u.wallet === payout.accountId);
  }
  private moved?: { entry: ModelPayout; user: number };
  async event(m: Model, r: Real) {
    const entry = this.target(m)!;
    this.moved = { entry, user: this.user(m, r) };
    const transition = this.to === 'processed' ? 'processed' : this.to;
    return () => r.payouts.moved(r.db, entry.payout, transition, {}, {});
  }
  apply(m: Model) {
    const { entry, user } = this.moved!;
    const total = entry.payout.amount + entry.payout.fee;
    if (this.to === 'processed') {
      m.pending[user]! -= total;
      m.wallet[user]! -= total;
    } else if (this.to === 'failed') {
      m.pending[user]! -= total;
    } else {
      m.wallet[user]! += total;
    }
    entry.status = this.to;
  }
  toString() {
    return `${this.to}(payout #${this.pick})`;
  }
}

class PlaceHolding extends MoneyCommand {
  private id = randomUUID();
  constructor(
    readonly kind: Held,
    readonly user: number,
    readonly amount: number,
  ) {
    super();
  }
  expected(m: Readonly<Model>): Expected {
    return spendable(m, this.user) >= this.amount ? 'ok' : 'insufficient-funds';
  }
  async event(_m: Model, r: Real): Promise<LedgerEvent> {
    this.id = randomUUID();
    const accounts = r.users[this.user]!;
    return holdingEvent(
      this.kind,
      'placed',
      { id: this.id, userId: randomUUID(), amount: this.amount, reason: 'model' },
      { wallet: accounts.wallet, held: accounts[this.kind] },
    );
  }
  apply(m: Model) {
    m.wallet[this.user]! -= this.amount;
    m[this.kind][this.user]! += this.amount;
    m.holdings.push({
      id: this.id,
      kind: this.kind,
      user: this.user,
      amount: this.amount,
      released: false,
    });
  }
  toString() {
    return `${this.kind}(${this.user}, ${this.amount})`;
  }
}

class ReleaseHolding extends MoneyCommand {
  constructor(readonly pick: number) {
    super();
  }
  private target(m: Readonly<Model>): ModelHolding | undefined {
    const placed = m.holdings.filter((h) => !h.released);
    return placed[this.pick % Math.max(placed.length, 1)];
  }
  override check(m: Readonly<Model>) {
    return this.target(m) !== undefined;
  }
  expected() {
    return 'ok' as const;
  }
  private released?: ModelHolding;
  async event(m: Model, r: Real): Promise<LedgerEvent> {
    const holding = this.target(m)!;
    this.released = holding;
    const accounts = r.users[holding.user]!;
    return holdingEvent(
      holding.kind,
      'released',
      { id: holding.id, userId: randomUUID(), amount: holding.amount, reason: 'model' },
      { wallet: accounts.wallet, held: accounts[holding.kind] },
    );
  }
  apply(m: Model) {
    const holding = this.released!;
    m.wallet[holding.user]! += holding.amount;
    m[holding.kind][holding.user]! -= holding.amount;
    holding.released = true;
  }
  toString() {
    return `release(#${this.pick})`;
  }
}

/** Sets (0: ends) a wallet's overdraft limit; refused below what the wallet owes. */
class SetOverdraft extends MoneyCommand {
  constructor(
    readonly user: number,
    readonly limit: number,
  ) {
    super();
  }
  expected(m: Readonly<Model>): Expected {
    return m.wallet[this.user]! - m.pending[this.user]! + this.limit >= 0
      ? 'ok'
      : 'limit-below-owed';
  }
  async event(_m: Model, r: Real): Promise<LedgerEvent> {
    return overdraftEvent(randomUUID(), r.users[this.user]!.wallet, this.limit, 'model');
  }
  apply(m: Model) {
    m.limit[this.user] = this.limit;
  }
  toString() {
    return `overdraft(${this.user}, ${this.limit})`;
  }
}

function newPayout(accountId: string, amount: number, fee: number): Payout {
  const now = new Date();
  return {
    id: randomUUID(),
    kind: 'payout',
    userId: randomUUID(),
    unlimited: false,
    accountId,
    holdId: randomUUID(),
    beneficiaryId: null,
    beneficiaryName: 'Model Payee',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    bankName: null,
    paymentMode: 'IMPS',
    amount,
    fee,
    commission: null,
    commissionSplit: null,
    status: 'queued',
    idempotencyKey: randomUUID(),
    requestHash: 'model',
    remitterMobile: null,
    orderSeq: '0',
    utr: null,
    message: null,
    sendStartedAt: null,
    sends: 0,
    statusChecks: 0,
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  };
}

const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 20_000 });
const pick = fc.nat();

const commands = fc.commands<Model, Real, false>(
  [
    fc.tuple(user, amount).map(([u, a]) => new Credit(u, a)),
    fc.tuple(user, user, amount).map(([from, to, a]) => new Transfer(from, to, a)),
    fc.tuple(user, amount).map(([u, a]) => new AdminDebit(u, a)),
    fc
      .tuple(user, amount, fc.constantFrom(0, 1_500, 2_500))
      .map(([u, a, fee]) => new RequestPayout(u, a, fee)),
    fc
      .tuple(user, amount, fc.constantFrom(0, 1_500, 2_500))
      .map(([u, a, fee]) => new RequestPayout(u, a, fee)),
    fc
      .tuple(pick, fc.constantFrom('processed' as const, 'processed' as const, 'failed' as const))
      .map(([p, to]) => new MovePayout(p, to)),
    pick.map((p) => new MovePayout(p, 'returned')),
    fc
      .tuple(fc.constantFrom<Held>('lien', 'security'), user, amount)
      .map(([kind, u, a]) => new PlaceHolding(kind, u, a)),
    pick.map((p) => new ReleaseHolding(p)),
    fc
      .tuple(user, fc.constantFrom(0, 0, 5_000, 15_000, 40_000))
      .map(([u, limit]) => new SetOverdraft(u, limit)),
    fc
      .tuple(user, fc.constantFrom(0, 5_000, 40_000))
      .map(([u, limit]) => new SetOverdraft(u, limit)),
  ],
  { maxCommands: MAX_COMMANDS, size: 'max' },
);

/** Every case the commands are meant to reach, seen at least once over the runs. */
const MUST_SEE = [
  'Credit:ok',
  'Transfer:ok',
  'Transfer:insufficient-funds',
  'AdminDebit:ok',
  'AdminDebit:insufficient-funds',
  'RequestPayout:ok',
  'RequestPayout:insufficient-funds',
  'MovePayout:ok',
  'PlaceHolding:ok',
  'PlaceHolding:insufficient-funds',
  'ReleaseHolding:ok',
  'SetOverdraft:ok',
  'SetOverdraft:limit-below-owed',
];

/** One run: fresh accounts for each user, the commands against them and the model, then verify and rebuild. */
function moneyProperty(pool: pg.Pool, seen: Map<string, number>) {
  const ledger = new Ledger(pool);
  // Issue 13's fee split reads tax rates and keeps the split on the payouts row (none here).
  const db = pool as unknown as Db;
  const payouts = new PayoutLedger(
    ledger,
    new CommissionsRepository(db),
    new PayoutsRepository(db),
  );
  return fc.asyncProperty(commands, async (run) => {
    const users: UserAccounts[] = [];
    for (let i = 0; i < USERS; i++) {
      users.push({
        wallet: await openAccount(pool),
        lien: await openAccount(pool),
        security: await openAccount(pool),
      });
    }
    const real: Real = { db: pool, ledger, payouts, users, seen };
    const zeros = () => Array<number>(USERS).fill(0);
    const model: Model = {
      wallet: zeros(),
      pending: zeros(),
      lien: zeros(),
      security: zeros(),
      limit: zeros(),
      payouts: [],
      holdings: [],
    };
    await fc.asyncModelRun(() => ({ model, real }), run);
    const verified = await verifyLedger(pool);
    expect(verified.violations).toEqual([]);
    expect((await rebuildProjections(pool)).differences).toEqual([]);
  });
}

describe('money operations against a model, over random sequences (fast-check)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase(currentTestRun());
    pool = newTestPool(database.url, 4);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it(`keeps every balance, hold and limit as the model says, and the log rebuilds them (${RUNS} runs of up to ${MAX_COMMANDS})`, async () => {
    const seen = new Map<string, number>();
    try {
      await fc.assert(moneyProperty(pool, seen), { numRuns: RUNS, seed: SEED });
    } catch (error) {
      throw new Error(
        `Money model failed with seed ${SEED}; rerun with MONEY_MODEL_SEED=${SEED}.\n${(error as Error).message}`,
        { cause: error },
      );
    }
    const missed = MUST_SEE.filter((what) => !seen.has(what));
    if (process.env.MONEY_MODEL_SEED === undefined) expect(missed).toEqual([]);
    else if (missed.length) console.warn(`Seed ${SEED} did not exercise: ${missed.join(', ')}.`);
  }, 60_000);

  it('fails when ledger_apply_limit lets a limit go below what is owed (the property has teeth)', async () => {
    const scratch = await createTestDatabase(currentTestRun());
    const broken = newTestPool(scratch.url, 4);
    try {
      const { rows } = await broken.query<{ def: string }>(
        `SELECT pg_get_functiondef('ledger_apply_limit(jsonb, bigint)'::regprocedure) AS def`,
      );
      const check = 'AND a.credits_posted - a.debits_posted - a.debits_pending + v_limit >= 0';
      expect(rows[0]!.def).toContain(check);
      await broken.query(rows[0]!.def.replace(check, ''));
      const result = await fc.check(moneyProperty(broken, new Map()), {
        numRuns: RUNS,
        seed: SEED,
        endOnFailure: true,
      });
      expect(result.failed).toBe(true);
    } finally {
      await broken.end();
      await scratch.drop();
    }
  }, 60_000);
});
