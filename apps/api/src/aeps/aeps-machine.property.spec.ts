import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import type { AepsKind } from '@khata/domain';
import type { LedgerEvent } from '@khata/ledger';
import type { RailAnswer } from '../rail/rail-machine.js';
import {
  type RailHappening,
  type RailModel,
  railHappenings,
  ScriptedProvider,
} from '../rail/testing/scripted-provider.js';
import { AEPS_TRANSITIONS, aepsMachine } from './aeps-machine.js';
import { AEPS_NOT_SENT } from './aeps-processor.js';
import {
  AEPS_TIMINGS,
  anyReply,
  happening,
  SECRET,
  serve,
  timeout,
} from './testing/scripted-aeps-rail.js';

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

// ---- 1. The machine in the rail's harness ------------------------------------------------------

interface Model extends RailModel {
  credits: number;
}

const rail = new ScriptedProvider<Model>({
  nextStep: aepsMachine.nextStep,
  transitions: AEPS_TRANSITIONS,
  timings: AEPS_TIMINGS,
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

// ---- 2. The processor, its vault and the ledger (testing/scripted-aeps-rail.ts) -------------
//
// `serve` also checks, as each call ends, who failed a transaction that failed: the provider's
// failure, or a send that found no fingerprint after "not found" (or a death before the first
// send); never a timeout or pending on its own.

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
