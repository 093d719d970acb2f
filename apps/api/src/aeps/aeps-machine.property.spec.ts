import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import type { AepsKind } from '@khata/domain';
import type { Ledger, LedgerEvent } from '@khata/ledger';
import type { Clock } from '../common/clock.js';
import type { CommissionsRepository } from '../commissions/commissions.repository.js';
import type { AppConfig } from '../config/config.js';
import { type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';
import type { RailAnswer, RailMove, RailTimings } from '../rail/rail-machine.js';
import type { RailStore, Trigger } from '../rail/rail-processor.js';
import type { Tx } from '../database/unit-of-work.js';
import { recordingDb } from '../rail/testing/recording-db.js';
import {
  type RailHappening,
  type RailModel,
  railHappenings,
  ScriptedProvider,
} from '../rail/testing/scripted-provider.js';
import type {
  AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import { AepsLedger } from './aeps-ledger.js';
import { AEPS_TRANSITIONS, aepsMachine } from './aeps-machine.js';
import { AEPS_NOT_SENT, AepsProcessor } from './aeps-processor.js';
import type { AepsProvider, AepsRequest } from './aeps-provider.js';
import type { AepsRailStore } from './aeps-rail-store.js';
import type { AepsStatus, AepsTransaction } from './aeps-transaction.js';
import type { AepsTransactionsRepository } from './aeps-transactions.repository.js';
import { PidVault } from './pid-vault.js';

/**
 * The AEPS transaction machine against scripted providers (issue 26), in two layers.
 *
 * 1. The pure machine (aeps-machine.ts) in the rail's harness (rail/testing/scripted-provider.ts):
 *    only legal moves, no terminal state left, money credited once and only at success.
 * 2. The AepsProcessor itself, with its PidVault, on an in-memory store whose moves go through
 *    the real AepsLedger (on a recording Tx), while a scripted provider answers, times out or
 *    says it never saw the reference, and the process may die (the vault's memory with it). The
 *    rail machine may send a transaction again after a `not-found`; for AEPS that second send
 *    must never carry the fingerprint: the vault gave it to the first send, so the second one
 *    fails at the counter with nothing moved. That guarantee is the processor's and the
 *    vault's, not the machine's, which is why the second layer drives them and not a model.
 */

// The processor logs each move and each unknown answer; the properties play thousands.
Logger.overrideLogger(false);

const TIMINGS: RailTimings = {
  resendAfterMs: 30_000,
  staleAfterMs: 2 * 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 3 * 86_400_000,
  maxRecheckMs: 30 * 60_000,
};

// ---- 1. The machine in the rail's harness ------------------------------------------------------

interface Model extends RailModel {
  credits: number;
}

const rail = new ScriptedProvider<Model>({
  nextStep: aepsMachine.nextStep,
  transitions: AEPS_TRANSITIONS,
  timings: TIMINGS,
  // Only success moves money (aeps-ledger.ts); the harness already refuses any illegal move.
  book: (model, transition) => {
    if (transition === 'processed') model.credits++;
  },
});

/** The provider answers only what settles nothing: a timeout, a garbled answer, pending. */
const unsettling: fc.Arbitrary<RailAnswer> = fc.constantFrom(
  { status: 'unknown', reason: 'timeout' },
  { status: 'unknown', reason: 'unreadable answer' },
  { status: 'pending' },
);
const unsettlingRun: fc.Arbitrary<RailHappening> = fc.record({
  kind: fc.constant('run' as const),
  checkReturn: fc.boolean(),
  asks: fc.array(unsettling, { minLength: 2, maxLength: 2 }),
  sends: fc.array(unsettling, { minLength: 1, maxLength: 1 }),
  laterMs: fc.integer({ min: 0, max: 40 * 60_000 }),
});

/**
 * The rail's happenings less a `reversed` answer: the AEPS provider never gives one
 * (aeps-provider-answer.ts reads none), and the machine refuses it (IllegalRailMove: the
 * transaction stays processing for the sweep to ask again).
 */
const aepsHappening = railHappenings(40 * 60_000).filter((happening) =>
  happening.kind === 'push'
    ? happening.outcome.status !== 'reversed'
    : ![...happening.asks, ...happening.sends].some((answer) => answer.status === 'reversed'),
);

describe('the AEPS machine against the rail’s scripted provider', () => {
  it('moves only legally, never leaves processed or failed, and credits once at success', () => {
    fc.assert(
      fc.property(fc.array(aepsHappening, { maxLength: 30 }), (events) => {
        const model = rail.play(rail.requested({ credits: 0 }), events);
        expect(model.credits).toBe(model.view.status === 'processed' ? 1 : 0);
        expect(model.view.status).not.toBe('reversed');
      }),
      { numRuns: 500 },
    );
  });

  it('never fails a transaction on a timeout, a garbled answer or pending', () => {
    fc.assert(
      fc.property(fc.array(unsettlingRun, { minLength: 1, maxLength: 20 }), (events) => {
        const model = rail.play(rail.requested({ credits: 0 }), events);
        expect(model.view.status).toBe('processing');
        expect(model.sends).toHaveLength(1);
        expect(model.credits).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

// ---- 2. The processor, its vault and the ledger --------------------------------------------------

/** What the scripted provider does with one call: answer, time out, or (asked) not know it. */
type Reply = RailOutcome | { status: 'timeout' } | { status: 'not-found' };

const outcome: fc.Arbitrary<RailOutcome> = fc.oneof(
  fc.record({ status: fc.constant('processed' as const), utr: fc.constantFrom('R1', 'R2') }),
  fc.record({ status: fc.constant('failed' as const), reason: fc.constant('Insufficient funds.') }),
  fc.constant({ status: 'pending' as const }),
);
const timeout = fc.constant({ status: 'timeout' as const });
const notFound = fc.constant({ status: 'not-found' as const });

/**
 * A caller moves the transaction on (the shop's request first, then the sweep or an admin's
 * check) with the provider's next replies scripted; or the process dies, and the PidVault's
 * memory with it. Then time passes, past the stale and resend times at most.
 */
type Happening =
  | { kind: 'call'; send: Reply; asks: Reply[]; laterMs: number }
  | { kind: 'crash'; laterMs: number };

const happening = (replies: fc.Arbitrary<Reply>, crashes = true): fc.Arbitrary<Happening> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('call' as const),
        send: replies.filter((reply) => reply.status !== 'not-found'),
        asks: fc.array(replies, { minLength: 2, maxLength: 2 }),
        laterMs: fc.integer({ min: 0, max: 10 * 60_000 }),
      }),
    },
    {
      weight: crashes ? 1 : 0,
      arbitrary: fc.record({
        kind: fc.constant('crash' as const),
        laterMs: fc.integer({ min: 0, max: 60_000 }),
      }),
    },
  );
const anyReply: fc.Arbitrary<Reply> = fc.oneof(outcome, timeout, notFound);

const SECRET = { aadhaar: '234567890124', pid: '<PidData><Data type="X">M</Data></PidData>' };

/** The provider's side: what reached it, and its next replies. */
class ScriptedAepsProvider {
  readonly sent: AepsRequest[] = [];
  /** The last reply it gave, for the "who failed it" property. */
  last: Reply['status'] | 'none' = 'none';
  sends: Reply[] = [];
  asks: Reply[] = [];

  send = async (request: AepsRequest): Promise<RailOutcome> => {
    this.sent.push(request);
    return this.reply(this.sends.shift() ?? { status: 'pending' }) as RailOutcome;
  };

  status = async (): Promise<RailOutcome | { status: 'not-found' }> =>
    this.reply(this.asks.shift() ?? { status: 'pending' });

  private reply(reply: Reply): RailOutcome | { status: 'not-found' } {
    this.last = reply.status;
    if (reply.status === 'timeout') throw new RailUnavailableError('Timed out.');
    return reply;
  }
}

/**
 * The row as `aeps_transactions` keeps it, with the repository's compare-and-sets; each move
 * goes through the real AepsLedger (on a recording Tx), whose events it keeps.
 */
class MemoryStore implements RailStore<AepsTransaction> {
  /** Every status the row took, in order. */
  readonly statuses: AepsStatus[];
  readonly events: LedgerEvent[] = [];
  private readonly ledger: AepsLedger;
  private readonly tx = recordingDb().db as unknown as Tx;

  constructor(private row: AepsTransaction) {
    this.statuses = [row.status];
    const accounts = {
      userAccount: async (userId: string, kind: string) => `${userId}:${kind}`,
      systemAccount: async (name: string) => name,
    };
    const appends = {
      within: () => ({
        append: async (event: LedgerEvent): Promise<AppendedProjected> => {
          this.events.push(event);
          return { seq: String(this.events.length), replayed: false };
        },
      }),
    };
    this.ledger = new AepsLedger(
      { within: () => accounts } as unknown as Ledger,
      { ratesInForce: async () => ({}) } as unknown as CommissionsRepository,
      {} as AepsTransactionsRepository,
      appends as unknown as ProjectedAppends,
    );
  }

  async find(): Promise<AepsTransaction> {
    return { ...this.row };
  }

  async start(_id: string, at: Date, nextCheckAt: Date | null) {
    if (this.row.status !== 'queued') return undefined;
    this.row = { ...this.row, status: 'processing', sendStartedAt: at, sends: 1, nextCheckAt };
    this.statuses.push('processing');
    return this.find();
  }

  async claimSend(_id: string, previous: Date | null, at: Date): Promise<boolean> {
    const { status, sendStartedAt, sends } = this.row;
    if (status !== 'processing' || sendStartedAt?.getTime() !== previous?.getTime()) return false;
    this.row = { ...this.row, sendStartedAt: at, sends: sends + 1 };
    return true;
  }

  async noteCheck(_txn: AepsTransaction, at: Date, nextCheckAt: Date | null): Promise<void> {
    const statusChecks = this.row.statusChecks + 1;
    this.row = { ...this.row, statusChecks, lastCheckedAt: at, nextCheckAt };
  }

  async commitMove(_txn: AepsTransaction, move: RailMove, at: Date, trigger: Trigger) {
    if (this.row.status !== move.from) return undefined;
    this.row = {
      ...this.row,
      status: move.to as AepsStatus,
      rrn: move.facts.utr ?? this.row.rrn,
      message: move.facts.message ?? this.row.message,
      nextCheckAt: move.nextCheckAt,
      finishedAt: at,
      updatedAt: at,
    };
    this.statuses.push(this.row.status);
    await this.ledger.moved(this.tx, this.row, move.transition, { ...trigger });
    return this.find();
  }
}

/** A queued transaction, as the counter wrote it just before the send. */
function queued(kind: AepsKind, amount: number, at: Date): AepsTransaction {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    userId: 'shop-1',
    kind,
    businessDay: '2026-11-28',
    customerToken: 't'.repeat(64),
    aadhaarLast4: SECRET.aadhaar.slice(-4),
    bankIin: '607094',
    mobile: '9876543210',
    amount,
    status: 'queued',
    rrn: null,
    message: null,
    customerBalance: null,
    statement: null,
    bankDebited: false,
    agentAuthReference: kind === 'withdrawal' || kind === 'aadhaarPay' ? 'AUTH-1' : null,
    commission: null,
    commissionSplit: null,
    merchantFee: 0,
    idempotencyKey: 'k',
    requestHash: 'h',
    sendStartedAt: null,
    sends: 0,
    processingRecorded: false,
    statusChecks: 0,
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
  };
}

/**
 * Why a transaction failed: the provider said so (its last reply was a failure), or a send found
 * no fingerprint (the provider's last reply was "not found", or it never heard of it at all).
 * Never a timeout or pending: checked as each call ends.
 */
function failureCause(txn: AepsTransaction, provider: ScriptedAepsProvider) {
  if (provider.last === 'failed') return 'provider';
  expect(txn.message).toBe(AEPS_NOT_SENT);
  expect(['not-found', 'none']).toContain(provider.last);
  return 'no-secret';
}

/** One transaction from the counter's put to wherever the happenings leave it. */
async function serve(kind: AepsKind, amount: number, happenings: Happening[]) {
  let now = 1_000_000;
  const clock = { now: () => new Date(now) } as Clock;
  const provider = new ScriptedAepsProvider();
  const txn = queued(kind, amount, clock.now());
  const store = new MemoryStore(txn);
  const config = { aeps: TIMINGS } as unknown as AppConfig;
  const processIn = (vault: PidVault) =>
    new AepsProcessor(
      store as unknown as AepsRailStore,
      provider as unknown as AepsProvider,
      vault,
      clock,
      config,
    );
  // The counter puts the secret in its process's vault; its call is the first one.
  let vault = new PidVault();
  vault.put(txn.id, { ...SECRET });
  let processor = processIn(vault);
  let failedBy: 'provider' | 'no-secret' | undefined;
  for (const happening of happenings) {
    if (happening.kind === 'crash') {
      vault = new PidVault();
      processor = processIn(vault);
    } else {
      provider.sends = [happening.send];
      provider.asks = [...happening.asks];
      const after = await processor.advance(txn.id, { by: 'sweep' });
      if (after?.status === 'failed' && !failedBy) failedBy = failureCause(after, provider);
    }
    now += happening.laterMs;
  }
  return { txn: await store.find(), provider, store, failedBy };
}

const kindAndAmount = fc.oneof(
  fc.record({
    kind: fc.constant<AepsKind>('withdrawal'),
    amount: fc.integer({ min: 100_00, max: 10_000_00 }),
  }),
  fc.record({
    kind: fc.constant<AepsKind>('aadhaarPay'),
    amount: fc.integer({ min: 100_00, max: 10_000_00 }),
  }),
  fc.record({ kind: fc.constantFrom<AepsKind>('balance', 'statement'), amount: fc.constant(0) }),
);

/** What the AEPS balance got from the ledger: the credits to the shop's AEPS account. */
const aepsCredits = (events: LedgerEvent[]) =>
  events.flatMap((event) => event.legs).filter((leg) => leg.accountId === 'shop-1:aeps');

describe('AepsProcessor and its PidVault against a scripted provider', () => {
  it('sends the fingerprint at most once; a second send fails with nothing moved', async () => {
    await fc.assert(
      fc.asyncProperty(
        kindAndAmount,
        fc.array(happening(anyReply), { maxLength: 25 }),
        async ({ kind, amount }, events) => {
          const { txn, provider, store, failedBy } = await serve(kind, amount, events);
          // Every send that reached the provider carried the secret, and only one did.
          expect(provider.sent.length).toBeLessThanOrEqual(1);
          for (const request of provider.sent) expect(request).toMatchObject(SECRET);
          // The statuses are a prefix of queued → processing → processed | failed.
          expect([
            ['queued'],
            ['queued', 'processing'],
            ['queued', 'processing', 'processed'],
            ['queued', 'processing', 'failed'],
          ]).toContainEqual(store.statuses);
          if (failedBy === 'no-secret') {
            expect(txn.message).toBe(AEPS_NOT_SENT);
            expect(store.events).toEqual([]);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('credits a success of a money kind exactly once, and nothing else ever', async () => {
    await fc.assert(
      fc.asyncProperty(
        kindAndAmount,
        fc.array(happening(anyReply), { maxLength: 25 }),
        async ({ kind, amount }, events) => {
          const { txn, store } = await serve(kind, amount, events);
          const credits = aepsCredits(store.events);
          if (txn.status === 'processed' && amount > 0) {
            expect(store.events).toHaveLength(1);
            expect(credits.map((leg) => leg.amount)).toEqual([amount]);
          } else {
            expect(store.events).toEqual([]);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('leaves a transaction processing, sent once, on timeouts and pending however long', async () => {
    await fc.assert(
      fc.asyncProperty(
        kindAndAmount,
        fc.array(happening(fc.oneof(timeout, fc.constant({ status: 'pending' as const })), false), {
          minLength: 1,
          maxLength: 25,
        }),
        async ({ kind, amount }, events) => {
          const { txn, provider, store } = await serve(kind, amount, events);
          expect(txn).toMatchObject({ status: 'processing', sends: 1 });
          expect(provider.sent).toHaveLength(1);
          expect(store.events).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fails a resend after "not found" without the fingerprint, and credits nothing', async () => {
    const { txn, provider, store, failedBy } = await serve('withdrawal', 2500_00, [
      { kind: 'call', send: { status: 'timeout' }, asks: [], laterMs: 3 * 60_000 },
      {
        kind: 'call',
        send: { status: 'processed', utr: 'R9' },
        asks: [{ status: 'not-found' }],
        laterMs: 0,
      },
    ]);
    expect(txn).toMatchObject({ status: 'failed', message: AEPS_NOT_SENT, sends: 2 });
    expect(failedBy).toBe('no-secret');
    expect(provider.sent).toHaveLength(1);
    expect(store.events).toEqual([]);
  });
});
