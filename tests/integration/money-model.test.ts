/**
 * A model-based property test of Khata's money operations on real Postgres (issue 13): random
 * sequences of credits, transfers, payouts (requested, processed, failed, returned after
 * processing) with their commissions, liens and security deposits placed and released,
 * overdraft limits set and ended, and admin debits, each appended as the API appends it (the
 * payout events by PayoutLedger itself, liens and deposits by holdingEvent, limits by
 * overdraftEvent), run against a small model of what every balance should be.
 *
 * The payers are retailers (real users rows) under a distributor and a super distributor (one
 * retailer sits straight under the super distributor, so only it earns), each upline with or
 * without a PAN (KYC approved or not). Each run draws a payout scheme (flat or percent slabs,
 * shares up to the fee) assigned to two retailers (the third pays its role's default, the
 * shipped scheme) and the GST / TDS / TDS-without-PAN rates in force. A payout's fee and
 * shares are quoted by CommissionsRepository.quote as the request handler does and must equal
 * the model's own quote; a processed payout splits the fee (the model's split: GST inside the
 * fee, each share cut to what is left, TDS half up, the company the remainder) and a return
 * reverses it.
 *
 * After every command: the ledger answered as the model expected (done, or refused for want
 * of funds / a limit below what is owed), and every wallet, lien, security account, pending
 * hold and overdraft limit equals the model's, as do each upline's commission account and
 * what this run moved into TDS payable, GST payable and fee income (their 16 shards summed);
 * no wallet is below minus its limit and what it may spend (posted - pending + limit) is never
 * negative. After every sequence: every event sums to zero and every invariant holds
 * (`verifyLedger`), a replay of the log rebuilds every balance and limit exactly
 * (`rebuildProjections`), and the log agrees with itself: TDS payable, GST payable and fee
 * income each equal the sum of their parts in the splits the payout events record
 * (`data.split`, a return counting negative), and every commission account the sum of its
 * payee's net lines.
 *
 * Adding an operation is one more class of `MoneyCommand`: what it expects of the model, the
 * event it appends, and what it changes in the model; and one more arbitrary in `commands`.
 *
 * Reproducible: MONEY_MODEL_SEED and MONEY_MODEL_RUNS override the fixed seed and run count.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  checkScheme,
  DEFAULT_SCHEMES,
  type Rate,
  type SchemeDefinition,
  type TaxRatesInForce,
  type UplineLevel,
} from '@khata/domain';
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
import { holdingEvent } from '../../apps/api/src/accounts/commands/holding-events.js';
import { overdraftEvent } from '../../apps/api/src/accounts/commands/overdraft-event.js';
import {
  CommissionsRepository,
  type PayoutCommission,
} from '../../apps/api/src/commissions/commissions.repository.js';
import type { Db } from '../../apps/api/src/database/unit-of-work.js';
import { PayoutLedger } from '../../apps/api/src/payouts/payout-ledger.js';
import { ProjectedAppends } from '../../apps/api/src/transactions/projected-appends.repository.js';
import { PayoutsRepository } from '../../apps/api/src/payouts/payouts.repository.js';
import type { Payout } from '../../apps/api/src/payouts/payout.js';
import { putPanOnFile, testDataAtRest } from '../support/data-at-rest.js';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import { openAccount, outcome } from '../support/ledger-accounts.js';
import { currentTestRun } from '../support/run.mjs';

const SEED = Number(process.env.MONEY_MODEL_SEED ?? 20_261_125);
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 24);
const MAX_COMMANDS = 30;
const USERS = 3;
/** The retailers that pay the run's drawn scheme; the others pay their role's default. */
const SCHEMED = [false, true, true];
/** Which uplines each retailer has: 0 and 1 sit under the distributor, 2 under the super distributor. */
const UNDER_DISTRIBUTOR = [true, true, false];
const LEVELS: readonly UplineLevel[] = ['distributor', 'superDistributor'];
const TAX_ACCOUNTS = ['system:tds_payable', 'system:gst_payable', 'system:fee_income'] as const;

type Held = 'lien' | 'security';

interface ModelPayout {
  payout: Payout;
  status: 'queued' | 'processed' | 'failed' | 'returned';
  /** The model's split of the fee, from when it was processed. */
  split?: ModelSplit;
}

/** What a run draws once: the scheme, the tax rates in force and which uplines have a PAN. */
interface World {
  scheme: SchemeDefinition;
  rates: TaxRatesInForce;
  hasPan: Record<UplineLevel, boolean>;
}

/** The model's split of one fee, in paise. */
interface ModelSplit {
  gst: number;
  company: number;
  lines: { level: UplineLevel; gross: number; tds: number; net: number }[];
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
  world: World;
  /** Each upline's commission account (net of TDS). */
  commission: Record<UplineLevel, number>;
  /** What this run moved into TDS payable, GST payable and fee income. */
  tds: number;
  gst: number;
  company: number;
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
  commissions: CommissionsRepository;
  users: UserAccounts[];
  /** The retailers' users rows (the payers). */
  retailers: string[];
  uplines: Record<UplineLevel, { id: string; commission: string }>;
  /** TDS payable, GST payable and fee income (all shards) when the run began. */
  baseline: Record<(typeof TAX_ACCOUNTS)[number], number>;
  seen: Map<string, number>;
}

type Expected = 'ok' | LedgerErrorKind;

/** What the wallet may spend now: the floor `ledger_append` keeps. */
const spendable = (m: Readonly<Model>, user: number) =>
  m.wallet[user]! - m.pending[user]! + m.limit[user]!;

/** Half up to the paisa of numerator / denominator, for non-negative integers. */
const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** A flat rate in rupees or a percent of the amount (half up), in paise. */
function modelRate(amount: number, rate: Rate): number {
  if (rate.flatBase !== undefined && rate.flatBase !== null) return Math.round(rate.flatBase * 100);
  return halfUp(amount * Math.round((rate.percentBase ?? 0) * 100), 10_000);
}

/** The fee a retailer pays and the gross share each of its uplines earns, by the model. */
function modelQuote(m: Readonly<Model>, user: number, amount: number) {
  const scheme = SCHEMED[user] ? m.world.scheme : DEFAULT_SCHEMES.payout;
  const slab = scheme.slabs.find((s) => s.upTo === null || amount <= Math.round(s.upTo * 100))!;
  const fee = modelRate(amount, slab.fee);
  const distributor = Math.min(modelRate(amount, slab.distributor), fee);
  const superDistributor = Math.min(modelRate(amount, slab.superDistributor), fee - distributor);
  const gross: Record<UplineLevel, number> = {
    distributor: UNDER_DISTRIBUTOR[user] ? distributor : 0,
    superDistributor,
  };
  return {
    fee,
    shares: LEVELS.filter((level) => gross[level] > 0).map((level) => ({
      level,
      gross: gross[level],
    })),
  };
}

/** GST inside the fee, each share cut to what is left, TDS half up on it, the company the rest. */
function modelSplit(
  w: World,
  fee: number,
  shares: { level: UplineLevel; gross: number }[],
): ModelSplit {
  const gst = halfUp(fee * w.rates.gst, 10_000 + w.rates.gst);
  let left = fee - gst;
  const lines: ModelSplit['lines'] = [];
  for (const share of shares) {
    const gross = Math.min(share.gross, left);
    if (gross <= 0) continue;
    left -= gross;
    const tds = halfUp(gross * (w.hasPan[share.level] ? w.rates.tds : w.rates.tdsNoPan), 10_000);
    lines.push({ level: share.level, gross, tds, net: gross - tds });
  }
  return { gst, company: left, lines };
}

/** Adds a split to the model's commission, tax and income accounts (sign -1: a return). */
function book(m: Model, split: ModelSplit, sign: 1 | -1) {
  m.gst += sign * split.gst;
  m.company += sign * split.company;
  for (const line of split.lines) {
    m.commission[line.level] += sign * line.net;
    m.tds += sign * line.tds;
  }
}

/** TDS payable, GST payable and fee income, each over all its shards. */
async function systemTotals(db: SqlClient): Promise<Real['baseline']> {
  const { rows } = await db.query<{ kind: (typeof TAX_ACCOUNTS)[number]; total: string }>(
    `SELECT kind, sum(posted) AS total FROM ledger_balances_view
      WHERE kind = ANY ($1::text[]) GROUP BY kind`,
    [TAX_ACCOUNTS],
  );
  const totals = Object.fromEntries(TAX_ACCOUNTS.map((kind) => [kind, 0])) as Real['baseline'];
  for (const row of rows) totals[row.kind] = Number(row.total);
  return totals;
}

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
  const totals = await systemTotals(r.db);
  const { rows: earned } = await r.db.query<{ id: string; posted: string }>(
    `SELECT account_id AS id, posted FROM ledger_balances_view WHERE account_id = ANY ($1::uuid[])`,
    [LEVELS.map((level) => r.uplines[level].commission)],
  );
  const earnedBy = new Map(earned.map((row) => [row.id, Number(row.posted)]));
  expect({
    after,
    commission: Object.fromEntries(
      LEVELS.map((level) => [level, earnedBy.get(r.uplines[level].commission)]),
    ),
    tds: totals['system:tds_payable'] - r.baseline['system:tds_payable'],
    gst: totals['system:gst_payable'] - r.baseline['system:gst_payable'],
    company: totals['system:fee_income'] - r.baseline['system:fee_income'],
  }).toEqual({ after, commission: m.commission, tds: m.tds, gst: m.gst, company: m.company });
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
    // PayoutLedger answers the append (an object): what counts is that it did not throw.
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

/** A retailer's payout: the fee and shares quoted as the request handler quotes them. */
class RequestPayout extends MoneyCommand {
  private payout?: Payout;
  constructor(
    readonly user: number,
    readonly amount: number,
  ) {
    super();
  }
  expected(m: Readonly<Model>): Expected {
    const { fee } = modelQuote(m, this.user, this.amount);
    return spendable(m, this.user) >= this.amount + fee ? 'ok' : 'insufficient-funds';
  }
  async event(m: Model, r: Real) {
    const payer = { userId: r.retailers[this.user]!, kind: 'user' as const };
    const quote = await r.commissions.quote(payer, 'payout', this.amount);
    const want = modelQuote(m, this.user, this.amount);
    expect({ payout: String(this), fee: quote?.fee, shares: quote?.commission.shares }).toEqual({
      payout: String(this),
      fee: want.fee,
      shares: want.shares.map((share) => ({ ...share, userId: r.uplines[share.level].id })),
    });
    const payout = newPayout(r.users[this.user]!.wallet, payer.userId, this.amount, quote!);
    this.payout = payout;
    return () => r.payouts.requested(r.db, payout, randomUUID(), {});
  }
  apply(m: Model) {
    m.pending[this.user]! += this.amount + this.payout!.fee;
    m.payouts.push({ payout: this.payout!, status: 'queued' });
  }
  toString() {
    return `payout(${this.user}, ${this.amount})`;
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
    if (this.to !== 'failed' && entry.payout.commission?.shares.length) {
      note(r, `Split:${this.to}`);
      const noPan = entry.payout.commission.shares.some((share) => !m.world.hasPan[share.level]);
      if (noPan) note(r, `Split:${this.to}:noPan`);
      const { fee, amount } = entry.payout;
      const { shares } = modelQuote(m, this.user(m, r), amount);
      const split = modelSplit(m.world, fee, shares);
      const cut =
        shares.reduce((sum, share) => sum + share.gross, 0) >
        split.lines.reduce((sum, line) => sum + line.gross, 0);
      // Shares above the fee net of GST are cut to it.
      if (cut) note(r, `Split:${this.to}:cut`);
    }
    const transition = this.to === 'processed' ? 'processed' : this.to;
    return () => r.payouts.moved(r.db, entry.payout, transition, {}, {});
  }
  apply(m: Model) {
    const { entry, user } = this.moved!;
    const total = entry.payout.amount + entry.payout.fee;
    if (this.to === 'processed') {
      m.pending[user]! -= total;
      m.wallet[user]! -= total;
      const { payout } = entry;
      entry.split = modelSplit(m.world, payout.fee, modelQuote(m, user, payout.amount).shares);
      book(m, entry.split, 1);
    } else if (this.to === 'failed') {
      m.pending[user]! -= total;
    } else {
      m.wallet[user]! += total;
      book(m, entry.split!, -1);
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

function newPayout(
  accountId: string,
  userId: string,
  amount: number,
  quote: { fee: number; commission: PayoutCommission },
): Payout {
  const now = new Date();
  return {
    id: randomUUID(),
    kind: 'payout',
    userId,
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
    fee: quote.fee,
    commission: quote.commission,
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
    processingRecorded: false,
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
    // A larger top-up now and then, so payouts with their fees get through and move on.
    fc.tuple(user, fc.integer({ min: 20_000, max: 60_000 })).map(([u, a]) => new Credit(u, a)),
    fc.tuple(user, user, amount).map(([from, to, a]) => new Transfer(from, to, a)),
    fc.tuple(user, amount).map(([u, a]) => new AdminDebit(u, a)),
    fc.tuple(user, amount).map(([u, a]) => new RequestPayout(u, a)),
    fc.tuple(user, amount).map(([u, a]) => new RequestPayout(u, a)),
    fc
      .tuple(pick, fc.constantFrom('processed' as const, 'processed' as const, 'failed' as const))
      .map(([p, to]) => new MovePayout(p, to)),
    pick.map((p) => new MovePayout(p, 'returned')),
    fc
      .tuple(pick, fc.constantFrom('processed' as const, 'returned' as const))
      .map(([p, to]) => new MovePayout(p, to)),
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
  'Split:processed',
  'Split:processed:noPan',
  'Split:returned',
  'Split:returned:noPan',
  'Split:processed:cut',
  'PlaceHolding:ok',
  'PlaceHolding:insufficient-funds',
  'ReleaseHolding:ok',
  'SetOverdraft:ok',
  'SetOverdraft:limit-below-owed',
];

/**
 * Up to max (paise or basis points), as rupees or percent; max itself half the time, so the
 * shares often add up to the whole fee and are cut to what GST leaves.
 */
const upTo = (max: number) =>
  fc.oneof(fc.constant(max), fc.integer({ min: 0, max })).map((whole) => whole / 100);
/** A slab whose shares never exceed its fee: all flat, or all percent. */
const slab = fc.oneof(
  fc.integer({ min: 0, max: 3_000 }).chain((fee) =>
    fc.record({
      fee: fc.constant({ flatBase: fee / 100 }),
      distributor: upTo(Math.floor(fee / 2)).map((flatBase) => ({ flatBase })),
      superDistributor: upTo(Math.floor(fee / 2)).map((flatBase) => ({ flatBase })),
    }),
  ),
  fc.integer({ min: 0, max: 3_000 }).chain((feeBp) =>
    fc.record({
      fee: fc.constant({ percentBase: feeBp / 100 }),
      distributor: upTo(Math.floor(feeBp / 2)).map((percentBase) => ({ percentBase })),
      superDistributor: upTo(Math.floor(feeBp / 2)).map((percentBase) => ({ percentBase })),
    }),
  ),
);
/** The run's world: a two-slab scheme (up to ₹100, above), the tax rates, the uplines' PANs. */
const world: fc.Arbitrary<World> = fc.record({
  scheme: fc.tuple(slab, slab).map(([low, high]) => {
    const checked = checkScheme({
      name: 'model',
      service: 'payout',
      slabs: [
        { ...low, upTo: 100 },
        { ...high, upTo: null },
      ],
    });
    if (!checked.ok) throw new Error(`The model drew a scheme the API refuses: ${checked.message}`);
    return checked.value;
  }),
  rates: fc.oneof(
    fc.constant({ gst: 1_800, tds: 200, tdsNoPan: 2_000 }),
    fc.record({
      gst: fc.integer({ min: 0, max: 2_800 }),
      tds: fc.integer({ min: 0, max: 1_000 }),
      tdsNoPan: fc.integer({ min: 0, max: 3_000 }),
    }),
  ),
  hasPan: fc.record({ distributor: fc.boolean(), superDistributor: fc.boolean() }),
});

/** A users row (and its wallet and commission accounts, as the API opens them). */
async function newUser(db: SqlClient, role: string, parent: string | null, pan: boolean) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (mobile, name, role, parent_id, password_hash, pin_hash)
     VALUES (lpad((floor(random() * 1e10))::bigint::text, 10, '0'), $1, $1, $2, 'x', 'x')
     RETURNING id`,
    [role, parent],
  );
  const id = rows[0]!.id;
  await db.query(`SELECT ledger_open_accounts($1, ARRAY['wallet', 'commission'])`, [id]);
  if (pan) await putPanOnFile((sql, params) => db.query(sql, params), testDataAtRest(), id);
  return id;
}

/** The world in the database: the uplines, the retailers, the scheme and the tax rates. */
async function furnish(db: SqlClient, commissions: CommissionsRepository, w: World) {
  const sd = await newUser(db, 'sdistributor', null, w.hasPan.superDistributor);
  const distributor = await newUser(db, 'distributor', sd, w.hasPan.distributor);
  const retailers: string[] = [];
  for (let i = 0; i < USERS; i++) {
    retailers.push(await newUser(db, 'user', UNDER_DISTRIBUTOR[i] ? distributor : sd, false));
  }
  const tx = db as unknown as Db;
  const stored = await commissions.insertScheme(tx, { ...w.scheme, by: sd });
  for (const [i, retailer] of retailers.entries()) {
    if (SCHEMED[i]) await commissions.assign(tx, retailer, 'payout', stored.id, sd);
  }
  for (const [kind, rate] of Object.entries(w.rates)) {
    await db.query(
      `INSERT INTO tax_rates (kind, rate, effective_from)
       VALUES ($1, $2, (now() AT TIME ZONE 'Asia/Kolkata')::date)`,
      [kind, rate],
    );
  }
  const commission = async (id: string) =>
    (
      await db.query<{ id: string }>(
        `SELECT account_id AS id FROM ledger_balances_view WHERE owner_id = $1 AND kind = 'commission'`,
        [id],
      )
    ).rows[0]!.id;
  return {
    retailers,
    uplines: {
      distributor: { id: distributor, commission: await commission(distributor) },
      superDistributor: { id: sd, commission: await commission(sd) },
    },
  };
}

/**
 * The run's log agrees with its balances: what TDS payable, GST payable and fee income moved
 * each equals the sum of their parts in the splits the run's payout events record, and each
 * upline's commission account the sum of its net lines (a return counting negative).
 */
async function splitsInTheLog(m: Readonly<Model>, r: Real) {
  const { rows } = await r.db.query<{
    type: string;
    split: {
      tds: number;
      gst: number;
      company: number;
      commissions: { userId: string; net: number }[];
    };
  }>(
    `SELECT type, data->'split' AS split FROM ledger_events_view
      WHERE data ? 'split' AND data->>'payoutId' = ANY ($1::text[])`,
    [m.payouts.map((entry) => entry.payout.id)],
  );
  const logged = { tds: 0, gst: 0, company: 0 };
  const earned = Object.fromEntries(LEVELS.map((level) => [level, 0]));
  const levelOf = new Map(LEVELS.map((level) => [r.uplines[level].id, level]));
  for (const { type, split } of rows) {
    const sign = type.endsWith('.returned') ? -1 : 1;
    logged.tds += sign * split.tds;
    logged.gst += sign * split.gst;
    logged.company += sign * split.company;
    for (const line of split.commissions) earned[levelOf.get(line.userId)!]! += sign * line.net;
  }
  const totals = await systemTotals(r.db);
  const { rows: accounts } = await r.db.query<{ id: string; posted: string }>(
    `SELECT account_id AS id, posted FROM ledger_balances_view WHERE account_id = ANY ($1::uuid[])`,
    [LEVELS.map((level) => r.uplines[level].commission)],
  );
  const posted = new Map(accounts.map((row) => [row.id, Number(row.posted)]));
  expect({
    tds: totals['system:tds_payable'] - r.baseline['system:tds_payable'],
    gst: totals['system:gst_payable'] - r.baseline['system:gst_payable'],
    company: totals['system:fee_income'] - r.baseline['system:fee_income'],
    earned: Object.fromEntries(
      LEVELS.map((level) => [level, posted.get(r.uplines[level].commission)]),
    ),
  }).toEqual({ ...logged, earned });
}

/** One run: fresh accounts for each user, the commands against them and the model, then verify and rebuild. */
function moneyProperty(
  pool: pg.Pool,
  seen: Map<string, number>,
  payoutLedger?: typeof PayoutLedger,
) {
  const ledger = new Ledger(pool);
  // Issue 13's fee split reads tax rates and keeps the split on the payouts row (none here).
  const db = pool as unknown as Db;
  const commissions = new CommissionsRepository(db);
  const payouts = new (payoutLedger ?? PayoutLedger)(
    ledger,
    commissions,
    new PayoutsRepository(db, testDataAtRest()),
    new ProjectedAppends(ledger),
  );
  return fc.asyncProperty(world, commands, async (drawn, run) => {
    const users: UserAccounts[] = [];
    for (let i = 0; i < USERS; i++) {
      users.push({
        wallet: await openAccount(pool),
        lien: await openAccount(pool),
        security: await openAccount(pool),
      });
    }
    const { retailers, uplines } = await furnish(pool, commissions, drawn);
    const baseline = await systemTotals(pool);
    const real: Real = {
      db: pool,
      ledger,
      payouts,
      commissions,
      users,
      retailers,
      uplines,
      baseline,
      seen,
    };
    const zeros = () => Array<number>(USERS).fill(0);
    const model: Model = {
      wallet: zeros(),
      pending: zeros(),
      lien: zeros(),
      security: zeros(),
      limit: zeros(),
      payouts: [],
      holdings: [],
      world: drawn,
      commission: { distributor: 0, superDistributor: 0 },
      tds: 0,
      gst: 0,
      company: 0,
    };
    await fc.asyncModelRun(() => ({ model, real }), run);
    const verified = await verifyLedger(pool);
    expect(verified.violations).toEqual([]);
    expect((await rebuildProjections(pool)).differences).toEqual([]);
    await splitsInTheLog(model, real);
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

  it(`keeps every balance, hold, limit, commission and tax payable as the model says, and the log rebuilds them (${RUNS} runs of up to ${MAX_COMMANDS})`, async () => {
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

  it('fails when a return leaves the TDS withheld in TDS payable (the commission legs have teeth)', async () => {
    /** Reverses the TDS of a returned payout from fee income instead: balanced, and recorded so. */
    class KeepsTdsOnReturn extends PayoutLedger {
      override async moved(...args: Parameters<PayoutLedger['moved']>) {
        const [tx, payout, transition, facts, metadata] = args;
        const split = payout.commissionSplit;
        if (transition !== 'returned' || !split) return super.moved(...args);
        const wrong = { ...split, tds: 0, company: split.company + split.tds };
        return super.moved(tx, { ...payout, commissionSplit: wrong }, transition, facts, metadata);
      }
    }
    const result = await fc.check(moneyProperty(pool, new Map(), KeepsTdsOnReturn), {
      numRuns: RUNS,
      seed: SEED,
      endOnFailure: true,
    });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/\+\s+"tds": [1-9]/);
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
