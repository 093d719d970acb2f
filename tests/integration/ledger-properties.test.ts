/**
 * Property-based tests of the ledger on real Postgres: random sequences of commands (credits,
 * transfers, holds placed / posted / voided, overdraft limits set and ended, idempotent
 * replays, malformed events) run against
 * `ledger_append` and against a small in-memory model of what every balance should be. After
 * every command the live balances, pending holds and event count must equal the model's; after
 * every sequence `verifyLedger` finds nothing and `rebuildProjections` rebuilds exactly.
 *
 * Reproducible: the seed is fixed (LEDGER_PROPERTY_SEED overrides it, LEDGER_PROPERTY_RUNS the
 * number of runs) and printed with any failure, along with fast-check's counterexample.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Ledger,
  rebuildProjections,
  verifyLedger,
  type Appended,
  type LedgerErrorKind,
  type LedgerEvent,
  type SqlClient,
} from '@khata/ledger';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import { balances, openAccount, outcome } from '../support/ledger-accounts.js';
import { currentTestRun } from '../support/run.mjs';

const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 20_251_122);
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 25);
const MAX_COMMANDS = 40;

/** Accounts 0..3 are floor-checked (some with an overdraft); 4 is a floor-exempt system account. */
const USERS = 4;
const SYSTEM = 4;
const ACCOUNTS = 5;

interface ModelHold {
  id: string;
  account: number;
  amount: number;
  status: 'pending' | 'posted' | 'voided';
  expired: boolean;
}

interface KeyedRequest {
  from: number;
  to: number;
  amount: number;
}

interface Model {
  /** credits - debits posted, per account */
  posted: number[];
  /** pending holds, per account */
  pending: number[];
  overdraft: number[];
  holds: ModelHold[];
  /** Idempotency keys whose request went through, with what it answered. */
  keys: Map<number, { request: KeyedRequest; seq: string; id: string }>;
  /** Events appended in this run's streams. */
  events: number;
}

interface Real {
  db: SqlClient;
  ledger: Ledger;
  ids: string[];
  /** Prefix of every stream of the run, so its events can be counted. */
  tag: string;
  actorId: string;
  /** How often each outcome was seen: the tests check that every case was exercised. */
  seen: Map<string, number>;
}

type Expected = 'ok' | 'replayed' | LedgerErrorKind;

/** A debit of `amount` is covered: available (posted - pending + overdraft) suffices, or no floor. */
const covers = (m: Readonly<Model>, account: number, amount: number, released = 0) =>
  account === SYSTEM ||
  m.posted[account]! - (m.pending[account]! - released) + m.overdraft[account]! >= amount;

function note(r: Real, what: string) {
  r.seen.set(what, (r.seen.get(what) ?? 0) + 1);
}

/** Live balances, hold statuses and the run's event count, all as the model says. */
async function compare(m: Model, r: Real, after: string) {
  const live = await balances(r.db, r.ids);
  const { rows } = await r.db.query<{ events: string; holds: Record<string, string> }>(
    `SELECT (SELECT count(*) FROM ledger_events WHERE stream LIKE $1 || ':%') AS events,
            (SELECT coalesce(jsonb_object_agg(id, status), '{}') FROM ledger_holds
              WHERE id = ANY ($2::uuid[])) AS holds`,
    [r.tag, m.holds.map((hold) => hold.id)],
  );
  const state = {
    after,
    balances: live,
    holds: rows[0]!.holds,
    events: Number(rows[0]!.events),
  };
  expect(state).toEqual({
    after,
    balances: m.posted.map((posted, i) => ({ posted, pending: m.pending[i] })),
    holds: Object.fromEntries(m.holds.map((hold) => [hold.id, hold.status])),
    events: m.events,
  });
}

/**
 * Appends the event, checks the ledger answered as the model expected, lets the model apply a
 * success, then compares everything.
 */
async function perform(
  m: Model,
  r: Real,
  command: string,
  expected: Expected,
  event: LedgerEvent,
  apply: (appended: Appended) => void = () => undefined,
): Promise<Appended | undefined> {
  const result = await outcome(r.ledger.append(event));
  const got: Expected = typeof result === 'string' ? result : result.replayed ? 'replayed' : 'ok';
  if (got !== expected) throw new Error(`${command}: expected ${expected}, the ledger said ${got}`);
  if (typeof result !== 'string' && !result.replayed) {
    m.events += 1;
    apply(result);
    if (m.posted.some((posted, i) => i !== SYSTEM && posted < 0)) note(r, 'overdraft used');
    if (m.posted[SYSTEM]! < 0) note(r, 'system below zero');
  }
  await compare(m, r, command);
  return typeof result === 'string' ? undefined : result;
}

const legs = (r: Real, ...amounts: [account: number, amount: number][]) =>
  amounts.map(([account, amount]) => ({ accountId: r.ids[account]!, amount }));

abstract class LedgerCommand implements fc.AsyncCommand<Model, Real> {
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  abstract run(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
}

class Credit extends LedgerCommand {
  constructor(
    readonly to: number,
    readonly amount: number,
  ) {
    super();
  }
  async run(m: Model, r: Real) {
    note(r, 'credit');
    await perform(
      m,
      r,
      String(this),
      'ok',
      {
        type: 'wallet.credited',
        stream: `${r.tag}:credit:${randomUUID()}`,
        legs: legs(r, [SYSTEM, -this.amount], [this.to, this.amount]),
      },
      () => {
        m.posted[SYSTEM]! -= this.amount;
        m.posted[this.to]! += this.amount;
      },
    );
  }
  toString() {
    return `credit(${this.to}, ${this.amount})`;
  }
}

/** From one account to another, with a fee to the system account when `fee` is not 0. */
class Transfer extends LedgerCommand {
  readonly fee: number;
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: number,
    fee: number,
  ) {
    super();
    // The system account pays no fee to itself.
    this.fee = from === SYSTEM ? 0 : fee;
  }
  override check() {
    return this.from !== this.to;
  }
  async run(m: Model, r: Real) {
    const fee = this.fee;
    const expected = covers(m, this.from, this.amount + fee) ? 'ok' : 'insufficient-funds';
    note(r, `transfer:${expected}`);
    await perform(
      m,
      r,
      String(this),
      expected,
      {
        type: 'wallet.transferred',
        stream: `${r.tag}:transfer:${randomUUID()}`,
        legs: legs(
          r,
          [this.from, -(this.amount + fee)],
          [this.to, this.amount],
          ...(fee ? [[SYSTEM, fee] as [number, number]] : []),
        ),
      },
      () => {
        m.posted[this.from]! -= this.amount + fee;
        m.posted[this.to]! += this.amount;
        m.posted[SYSTEM]! += fee;
      },
    );
  }
  toString() {
    return `transfer(${this.from} -> ${this.to}, ${this.amount}${this.fee ? ` + fee ${this.fee}` : ''})`;
  }
}

/**
 * Sets (or, with 0, ends) a user account's overdraft limit by an event: refused when the
 * account already owes more than the new limit (posted - pending below minus the limit).
 */
class SetLimit extends LedgerCommand {
  constructor(
    readonly account: number,
    readonly limit: number,
  ) {
    super();
  }
  async run(m: Model, r: Real) {
    const owedCovered = m.posted[this.account]! - m.pending[this.account]! + this.limit >= 0;
    const expected = owedCovered ? 'ok' : 'limit-below-owed';
    note(r, `limit:${expected}`);
    await perform(
      m,
      r,
      String(this),
      expected,
      {
        type: this.limit ? 'overdraft.set' : 'overdraft.ended',
        stream: `${r.tag}:overdraft:${randomUUID()}`,
        legs: [],
        limits: [{ accountId: r.ids[this.account]!, overdraftLimit: this.limit }],
      },
      () => {
        m.overdraft[this.account] = this.limit;
      },
    );
  }
  toString() {
    return `limit(${this.account}, ${this.limit})`;
  }
}

class PlaceHold extends LedgerCommand {
  constructor(
    readonly account: number,
    readonly amount: number,
    readonly expiry: 'none' | 'later' | 'past',
  ) {
    super();
  }
  async run(m: Model, r: Real) {
    const expected = covers(m, this.account, this.amount) ? 'ok' : 'insufficient-funds';
    note(r, `place:${expected}`);
    const holdId = randomUUID();
    const expiresAt =
      this.expiry === 'none'
        ? undefined
        : new Date(Date.now() + (this.expiry === 'later' ? 3_600_000 : -60_000));
    await perform(
      m,
      r,
      String(this),
      expected,
      {
        type: 'hold.placed',
        stream: `${r.tag}:hold:${holdId}`,
        legs: [],
        holds: [
          { op: 'place', holdId, accountId: r.ids[this.account]!, amount: this.amount, expiresAt },
        ],
      },
      () => {
        m.pending[this.account]! += this.amount;
        m.holds.push({
          id: holdId,
          account: this.account,
          amount: this.amount,
          status: 'pending',
          expired: this.expiry === 'past',
        });
      },
    );
  }
  toString() {
    return `place hold(${this.account}, ${this.amount}${this.expiry === 'none' ? '' : `, expires ${this.expiry}`})`;
  }
}

/** Which holds a post or void aims at: live (pending, not expired), expired, or closed. */
type HoldTarget = 'live' | 'expired' | 'closed';

/** A hold of the kind aimed at, when the model has one; else any hold. */
function pickHold(m: Readonly<Model>, pick: number, target: HoldTarget): ModelHold {
  const kind = (hold: ModelHold): HoldTarget =>
    hold.status !== 'pending' ? 'closed' : hold.expired ? 'expired' : 'live';
  const aimed = m.holds.filter((hold) => kind(hold) === target);
  const from = aimed.length ? aimed : m.holds;
  return from[pick % from.length]!;
}

/** Posts the whole of a hold, a part of it, or (refused) more than it, to another account. */
class PostHold extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly target: HoldTarget,
    readonly share: 'whole' | 'part' | 'over',
    readonly percent: number,
    readonly toOffset: number,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.holds.length > 0;
  }
  async run(m: Model, r: Real) {
    const hold = pickHold(m, this.pick, this.target);
    const to = (hold.account + 1 + this.toOffset) % ACCOUNTS;
    const amount =
      this.share === 'whole'
        ? hold.amount
        : this.share === 'over'
          ? hold.amount + 1
          : Math.max(1, Math.floor((hold.amount * this.percent) / 100));
    let expected: Expected;
    if (hold.status !== 'pending') {
      expected = 'hold-not-pending';
      note(r, 'post:closed hold');
    } else if (hold.expired) {
      expected = 'hold-not-pending';
      note(r, 'post:expired hold');
    } else if (this.share === 'over') {
      expected = 'hold-exceeded';
    } else {
      // The hold is released first, so its own amount covers the debit.
      expected = covers(m, hold.account, amount, hold.amount) ? 'ok' : 'insufficient-funds';
    }
    note(r, `post ${this.share}:${expected}`);
    await perform(
      m,
      r,
      `${String(this)} = post ${amount} of ${hold.amount} from ${hold.account} (${hold.status}${hold.expired ? ', expired' : ''}) to ${to}`,
      expected,
      {
        type: 'hold.posted',
        stream: `${r.tag}:hold:${hold.id}`,
        legs: legs(r, [hold.account, -amount], [to, amount]),
        holds: [{ op: 'post', holdId: hold.id, amount }],
      },
      () => {
        m.pending[hold.account]! -= hold.amount;
        m.posted[hold.account]! -= amount;
        m.posted[to]! += amount;
        hold.status = 'posted';
      },
    );
  }
  toString() {
    return `post hold(${this.target} #${this.pick}, ${this.share === 'part' ? `${this.percent}%` : this.share})`;
  }
}

class VoidHold extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly target: HoldTarget,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.holds.length > 0;
  }
  async run(m: Model, r: Real) {
    const hold = pickHold(m, this.pick, this.target);
    const expected = hold.status === 'pending' ? 'ok' : 'hold-not-pending';
    note(r, `void${hold.expired ? ' expired' : ''}:${expected}`);
    await perform(
      m,
      r,
      `${String(this)} = void ${hold.amount} on ${hold.account} (${hold.status}${hold.expired ? ', expired' : ''})`,
      expected,
      {
        type: 'hold.voided',
        stream: `${r.tag}:hold:${hold.id}`,
        legs: [],
        holds: [{ op: 'void', holdId: hold.id }],
      },
      () => {
        m.pending[hold.account]! -= hold.amount;
        hold.status = 'voided';
      },
    );
  }
  toString() {
    return `void hold(${this.target} #${this.pick})`;
  }
}

/**
 * A transfer under an idempotency key: the first success is remembered; the same request again
 * is a replay that moves nothing and answers the first event; another request is refused.
 */
async function sendKeyed(m: Model, r: Real, command: string, key: number, request: KeyedRequest) {
  const first = m.keys.get(key);
  const requestHash = `${request.from}>${request.to}:${request.amount}`;
  const firstHash = first && `${first.request.from}>${first.request.to}:${first.request.amount}`;
  const expected: Expected = first
    ? firstHash === requestHash
      ? 'replayed'
      : 'idempotency-conflict'
    : covers(m, request.from, request.amount)
      ? 'ok'
      : 'insufficient-funds';
  note(r, `keyed:${expected}`);
  const appended = await perform(
    m,
    r,
    `${command} (key ${key} ${first ? `first used for ${firstHash}` : 'unused'})`,
    expected,
    {
      type: 'wallet.transferred',
      stream: `${r.tag}:keyed:${key}`,
      legs: legs(r, [request.from, -request.amount], [request.to, request.amount]),
      actorId: r.actorId,
      idempotencyKey: `key-${key}`,
      requestHash,
    },
    (result) => {
      m.posted[request.from]! -= request.amount;
      m.posted[request.to]! += request.amount;
      m.keys.set(key, { request, seq: result.seq, id: result.id });
    },
  );
  if (expected === 'replayed') {
    // The first result, not a new one: the same event, by seq and by id.
    expect({ seq: appended?.seq, id: appended?.id }).toEqual({ seq: first!.seq, id: first!.id });
  }
}

class KeyedTransfer extends LedgerCommand {
  constructor(
    readonly key: number,
    readonly from: number,
    readonly to: number,
    readonly amount: number,
  ) {
    super();
  }
  override check() {
    return this.from !== this.to;
  }
  async run(m: Model, r: Real) {
    await sendKeyed(m, r, String(this), this.key, {
      from: this.from,
      to: this.to,
      amount: this.amount,
    });
  }
  toString() {
    return `keyed transfer(key ${this.key}: ${this.from} -> ${this.to}, ${this.amount})`;
  }
}

/** Sends again the request a used key went through with, or (refused) another one. */
class Replay extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly same: boolean,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.keys.size > 0;
  }
  async run(m: Model, r: Real) {
    const used = [...m.keys.keys()].sort();
    const key = used[this.pick % used.length]!;
    const { request } = m.keys.get(key)!;
    await sendKeyed(
      m,
      r,
      String(this),
      key,
      this.same ? request : { ...request, amount: request.amount + 1 },
    );
  }
  toString() {
    return `replay(#${this.pick}, ${this.same ? 'same request' : 'another request'})`;
  }
}

class Unbalanced extends LedgerCommand {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: number,
    readonly delta: number,
  ) {
    super();
  }
  async run(m: Model, r: Real) {
    const credit =
      this.amount + this.delta === 0 ? this.amount - this.delta : this.amount + this.delta;
    note(r, 'unbalanced');
    await perform(m, r, String(this), 'unbalanced', {
      type: 'wallet.transferred',
      stream: `${r.tag}:transfer:${randomUUID()}`,
      legs: legs(r, [this.from, -this.amount], [this.to, credit]),
    });
  }
  toString() {
    return `unbalanced(${this.from}: -${this.amount}, ${this.to}: ${this.amount} ${this.delta > 0 ? '+' : '-'} ${Math.abs(this.delta)})`;
  }
}

class UnknownAccount extends LedgerCommand {
  constructor(
    readonly from: number,
    readonly amount: number,
  ) {
    super();
  }
  async run(m: Model, r: Real) {
    note(r, 'unknown account');
    await perform(m, r, String(this), 'unknown-account', {
      type: 'wallet.transferred',
      stream: `${r.tag}:transfer:${randomUUID()}`,
      legs: [
        { accountId: r.ids[this.from]!, amount: -this.amount },
        { accountId: randomUUID(), amount: this.amount },
      ],
    });
  }
  toString() {
    return `to unknown account(${this.from}, ${this.amount})`;
  }
}

const anyAccount = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const user = fc.integer({ min: 0, max: USERS - 1 });
/** Up to 25,000 paise: often more than an account holds. */
const amount = fc.integer({ min: 1, max: 25_000 });

const credit = fc
  .tuple(user, fc.integer({ min: 1, max: 10_000 }))
  .map(([to, paise]) => new Credit(to, paise));
const transfer = fc
  .tuple(anyAccount, anyAccount, amount, fc.constantFrom(0, 0, 25))
  .map(([from, to, paise, fee]) => new Transfer(from, to, paise, fee));

const placeHold = fc
  .tuple(
    anyAccount,
    fc.integer({ min: 1, max: 8_000 }),
    fc.constantFrom('none' as const, 'later' as const, 'later' as const, 'past' as const),
  )
  .map(([account, paise, expiry]) => new PlaceHold(account, paise, expiry));
/** Three keys per run; from any account (the system one always covers), mostly small sums. */
const keyedTransfer = fc
  .tuple(fc.nat({ max: 2 }), anyAccount, anyAccount, fc.integer({ min: 1, max: 6_000 }))
  .map(([key, from, to, paise]) => new KeyedTransfer(key, from, to, paise));
const replay = fc.tuple(fc.nat(), fc.boolean()).map(([pick, same]) => new Replay(pick, same));
/** Posts aim mostly at live holds, sometimes at expired or already closed ones. */
const target = fc.constantFrom<HoldTarget>('live', 'live', 'live', 'expired', 'closed');
const voidHold = fc
  .tuple(fc.nat(), fc.constantFrom<HoldTarget>('live', 'expired', 'closed'))
  .map(([pick, aim]) => new VoidHold(pick, aim));
const postHold = fc
  .tuple(
    fc.nat(),
    target,
    fc.constantFrom('whole' as const, 'part' as const, 'part' as const, 'over' as const),
    fc.integer({ min: 1, max: 99 }),
    fc.nat({ max: ACCOUNTS - 2 }),
  )
  .map(
    ([pick, aim, share, percent, toOffset]) => new PostHold(pick, aim, share, percent, toOffset),
  );

const commands = fc.commands<Model, Real, false>(
  [
    credit,
    credit,
    transfer,
    transfer,
    transfer,
    placeHold,
    placeHold,
    placeHold,
    postHold,
    postHold,
    postHold,
    voidHold,
    voidHold,
    keyedTransfer,
    keyedTransfer,
    replay,
    replay,
    fc
      .tuple(
        anyAccount,
        anyAccount,
        amount,
        fc.integer({ min: -50, max: 50 }).filter((delta) => delta !== 0),
      )
      .map(([from, to, paise, delta]) => new Unbalanced(from, to, paise, delta)),
    fc.tuple(user, amount).map(([from, paise]) => new UnknownAccount(from, paise)),
    fc
      .tuple(user, fc.constantFrom(0, 0, 500, 1_500, 10_000))
      .map(([account, limit]) => new SetLimit(account, limit)),
  ],
  { maxCommands: MAX_COMMANDS, size: 'max' },
);

/** Overdraft limits of accounts 0..3: account 0 never has one, 2 always does. */
const overdrafts = fc.tuple(
  fc.constant(0),
  fc.constantFrom(0, 1_500),
  fc.constantFrom(1_500, 10_000),
  fc.constantFrom(0, 10_000),
);

/** One run: fresh accounts, the commands against them and the model, then verify and rebuild. */
function ledgerProperty(db: SqlClient, seen: Map<string, number>, ledger: Ledger = new Ledger(db)) {
  return fc.asyncProperty(overdrafts, commands, async (limits, run) => {
    const ids: string[] = [];
    for (const overdraft of limits) ids.push(await openAccount(db, { overdraft }));
    ids.push(await openAccount(db, { floorExempt: true }));
    const real: Real = {
      db,
      ledger,
      ids,
      tag: `prop-${randomUUID()}`,
      actorId: randomUUID(),
      seen,
    };
    const model: Model = {
      posted: Array<number>(ACCOUNTS).fill(0),
      pending: Array<number>(ACCOUNTS).fill(0),
      overdraft: [...limits, 0],
      holds: [],
      keys: new Map(),
      events: 0,
    };
    await fc.asyncModelRun(() => ({ model, real }), run);
    const verified = await verifyLedger(db);
    expect(verified.violations).toEqual([]);
    expect((await rebuildProjections(db)).differences).toEqual([]);
  });
}

/** Every case the commands are meant to reach, seen at least once over the runs. */
const MUST_SEE = [
  'credit',
  'transfer:ok',
  'transfer:insufficient-funds',
  'overdraft used',
  'system below zero',
  'place:ok',
  'place:insufficient-funds',
  'post whole:ok',
  'post part:ok',
  'post over:hold-exceeded',
  'post:closed hold',
  'post:expired hold',
  'void:ok',
  'void expired:ok',
  'void:hold-not-pending',
  'keyed:ok',
  'keyed:replayed',
  'keyed:idempotency-conflict',
  'unbalanced',
  'unknown account',
  'limit:ok',
  'limit:limit-below-owed',
];

describe('the ledger against a model, over random command sequences (fast-check)', () => {
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

  // The same commands through the group-commit ledger: each append goes through
  // ledger_append_batch (one event per batch, as the commands run one after another) and must
  // answer as ledger_append does.
  it.each([
    ['Ledger', (db: SqlClient) => new Ledger(db)],
    ['Ledger with groupCommit', (db: SqlClient) => new Ledger(db, { groupCommit: {} })],
  ])(
    `keeps balances, holds and idempotency as the model says (%s, ${RUNS} runs of up to ${MAX_COMMANDS} commands)`,
    async (_name, makeLedger) => {
      const seen = new Map<string, number>();
      try {
        await fc.assert(ledgerProperty(pool, seen, makeLedger(pool)), {
          numRuns: RUNS,
          seed: SEED,
        });
      } catch (error) {
        throw new Error(
          `Ledger property failed with seed ${SEED}; rerun with LEDGER_PROPERTY_SEED=${SEED}.\n${(error as Error).message}`,
          { cause: error },
        );
      }
      if (process.env.LEDGER_PROPERTY_STATS) console.log([...seen].sort());
      const missed = MUST_SEE.filter((what) => !seen.has(what));
      if (process.env.LEDGER_PROPERTY_SEED === undefined) {
        // The fixed seed exercises every case; a change to the generators that loses one fails here.
        expect(missed).toEqual([]);
      } else if (missed.length) {
        console.warn(`Seed ${SEED} did not exercise: ${missed.join(', ')}.`);
      }
    },
    120_000,
  );

  it('fails when the balance floor is taken out of ledger_append (the property has teeth)', async () => {
    // A scratch database whose ledger_append debits without checking cover: the floor is a
    // condition of ledger_post_leg, the helper ledger_append posts each leg through.
    const scratch = await createTestDatabase(currentTestRun());
    const broken = newTestPool(scratch.url, 4);
    try {
      const { rows } = await broken.query<{ def: string }>(
        `SELECT pg_get_functiondef('ledger_post_leg(bigint, uuid, bigint, bigint)'::regprocedure) AS def`,
      );
      const floor =
        'OR a.credits_posted - a.debits_posted - a.debits_pending + a.overdraft_limit + p_amount >= 0';
      expect(rows[0]!.def).toContain(floor);
      await broken.query(rows[0]!.def.replace(floor, 'OR true'));

      const result = await fc.check(ledgerProperty(broken, new Map()), {
        numRuns: RUNS,
        seed: SEED,
        endOnFailure: true,
      });
      expect(result.failed).toBe(true);
      expect(String(result.errorInstance)).toMatch(
        /expected insufficient-funds, the ledger said ok/,
      );
    } finally {
      await broken.end();
      await scratch.drop();
    }
  }, 60_000);
});
