import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decideDmtRefund, type DmtRefundState } from '@khata/domain';
import type { Heard, RailAnswer, RailView } from '../rail/rail-machine.js';
import {
  DMT_REFUNDABLE,
  DMT_TRANSFER_TRANSITIONS,
  type DmtTransferStatus,
  dmtTransferMachine,
} from './dmt-transfer-machine.js';

/**
 * The DMT machine driven by a scripted provider (random answers to sends and enquiries, pushed
 * outcomes, passing time) and by customers confirming refunds at random moments, against a
 * model of the provider's sends and of the retailer's money: held at request, posted at
 * success, moved to refund pending at a failure or a return, back to the wallet only by a
 * confirmed refund, once.
 */
const { nextStep } = dmtTransferMachine;
const timings = {
  resendAfterMs: 30_000,
  staleAfterMs: 15 * 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 3 * 86_400_000,
};

const outcome = fc.oneof(
  fc.record({ status: fc.constant('processed' as const), utr: fc.constantFrom('U1', 'U2') }),
  fc.record({ status: fc.constant('failed' as const), reason: fc.constant('closed') }),
  fc.record({ status: fc.constant('reversed' as const), reason: fc.constant('returned') }),
  fc.record({ status: fc.constant('pending' as const) }),
);
/** A timeout, or an answer nobody could read: the outcome is unknown. */
const unknown = fc.constantFrom(
  { status: 'unknown' as const, reason: 'timeout' },
  { status: 'unknown' as const, reason: 'unreadable answer' },
);
const askAnswer: fc.Arbitrary<RailAnswer> = fc.oneof(
  outcome,
  unknown,
  fc.constant({ status: 'not-found' as const }),
);
const sendAnswer: fc.Arbitrary<RailAnswer> = fc.oneof(outcome, unknown);

const event = fc.oneof(
  fc.record({
    kind: fc.constant('run' as const),
    checkReturn: fc.boolean(),
    asks: fc.array(askAnswer, { minLength: 2, maxLength: 2 }),
    sends: fc.array(sendAnswer, { minLength: 1, maxLength: 1 }),
    laterMs: fc.integer({ min: 0, max: 20 * 60_000 }),
  }),
  fc.record({ kind: fc.constant('push' as const), outcome, laterMs: fc.constant(0) }),
  fc.record({ kind: fc.constant('refund' as const), laterMs: fc.constant(0) }),
);
type Happening = typeof event extends fc.Arbitrary<infer T> ? T : never;

interface Model {
  view: RailView;
  now: number;
  /** The retailer's amount + fee: held, posted to the provider, or in refund clearing. */
  money: 'held' | 'posted' | 'clearing' | 'wallet';
  refund: DmtRefundState;
  refunds: number;
  sends: number[];
  notFoundSinceLastSend: boolean;
}

function play(events: Happening[]): Model {
  const model: Model = {
    view: {
      status: 'queued',
      sendStartedAt: null,
      statusChecks: 0,
      finishedAt: null,
      updatedAt: new Date(0),
    },
    now: 1_000_000,
    money: 'held',
    refund: 'none',
    refunds: 0,
    sends: [],
    notFoundSinceLastSend: false,
  };
  for (const happening of events) {
    if (happening.kind === 'push') {
      runOnce(model, { via: 'push', answer: happening.outcome }, false, [], []);
    } else if (happening.kind === 'refund') {
      confirmRefund(model);
    } else {
      runOnce(model, undefined, happening.checkReturn, [...happening.asks], [...happening.sends]);
    }
    model.now += happening.laterMs;
  }
  return model;
}

/** The customer's OTP confirms a refund: the decision is libs/domain's, the money moves once. */
function confirmRefund(model: Model): void {
  const decision = decideDmtRefund(model.refund);
  if (decision.do !== 'refund') return;
  expect(DMT_REFUNDABLE).toContain(model.view.status);
  expect(model.money).toBe('clearing');
  model.money = 'wallet';
  model.refund = 'refunded';
  model.refunds++;
}

function runOnce(
  model: Model,
  first: Heard | undefined,
  checkReturn: boolean,
  asks: RailAnswer[],
  sends: RailAnswer[],
): void {
  let heard = first;
  for (let steps = 0; ; steps++) {
    expect(steps).toBeLessThan(6);
    const now = new Date(model.now);
    const step = nextStep(model.view, heard, now, timings, { checkReturn });
    if (step.do === 'stop') return;
    if (step.do === 'recheck') {
      model.view = { ...model.view, statusChecks: model.view.statusChecks + 1 };
      return;
    }
    if (step.do === 'ask') {
      const answer = asks.shift() ?? { status: 'pending' };
      if (answer.status === 'not-found') model.notFoundSinceLastSend = true;
      heard = { via: 'ask', answer };
      continue;
    }
    if (step.do === 'start') {
      expect(model.view.status).toBe('queued');
      expect(model.sends).toEqual([]);
      model.sends.push(model.now);
      model.view = { ...model.view, status: 'processing', sendStartedAt: now, updatedAt: now };
      heard = { via: 'send', answer: sends.shift() ?? { status: 'pending' } };
      continue;
    }
    if (step.do === 'send') {
      const last = model.sends.at(-1);
      if (last !== undefined) {
        // A resend only after the provider said it never saw an old enough send.
        expect(model.notFoundSinceLastSend).toBe(true);
        expect(model.now - last).toBeGreaterThanOrEqual(timings.resendAfterMs);
      }
      model.sends.push(model.now);
      model.notFoundSinceLastSend = false;
      model.view = { ...model.view, sendStartedAt: now };
      heard = { via: 'send', answer: sends.shift() ?? { status: 'pending' } };
      continue;
    }
    const { move } = step;
    expect(move.from).toBe(model.view.status);
    expect(DMT_TRANSFER_TRANSITIONS[move.from]).toContain(move.to);
    book(model, move.transition);
    model.view = {
      ...model.view,
      status: move.to,
      finishedAt: model.view.finishedAt ?? now,
      updatedAt: now,
    };
    if (heard) return;
  }
}

/** The ledger side of a move: posted xor cleared, once; a return only after posting. */
function book(model: Model, transition: string): void {
  if (transition === 'processed') {
    expect(model.money).toBe('held');
    model.money = 'posted';
  } else if (transition === 'failed' || transition === 'reversed') {
    expect(model.money).toBe('held');
    model.money = 'clearing';
    model.refund = 'pending';
  } else if (transition === 'returned') {
    expect(model.money).toBe('posted');
    expect(model.refund).toBe('none');
    model.money = 'clearing';
    model.refund = 'pending';
  }
}

const EXPECTED: Record<DmtTransferStatus, [Model['money'], DmtRefundState][]> = {
  queued: [['held', 'none']],
  processing: [['held', 'none']],
  processed: [['posted', 'none']],
  failed: [
    ['clearing', 'pending'],
    ['wallet', 'refunded'],
  ],
  reversed: [
    ['clearing', 'pending'],
    ['wallet', 'refunded'],
  ],
};

describe('the DMT transfer machine against a scripted provider', () => {
  it('never sends twice without a not-found about an old enough send in between', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const model = play(events);
        expect(model.sends.length).toBeLessThanOrEqual(events.length);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the money where the state says, and refunds a failure once, only when confirmed', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const model = play(events);
        expect(EXPECTED[model.view.status]).toContainEqual([model.money, model.refund]);
        expect(model.refunds).toBe(model.refund === 'refunded' ? 1 : 0);
      }),
      { numRuns: 500 },
    );
  });

  it('refunds a failed transfer once however often the customer confirms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), (confirmations) => {
        const model = play([
          {
            kind: 'run',
            checkReturn: false,
            asks: [],
            sends: [{ status: 'failed', reason: 'closed' }],
            laterMs: 1000,
          },
        ]);
        expect(model).toMatchObject({ money: 'clearing', refund: 'pending' });
        for (let i = 0; i < confirmations; i++) confirmRefund(model);
        expect(model).toMatchObject({ money: 'wallet', refund: 'refunded', refunds: 1 });
      }),
      { numRuns: 50 },
    );
  });

  it('never refunds a pending or successful transfer', () => {
    const model = play([
      { kind: 'run', checkReturn: false, asks: [], sends: [{ status: 'pending' }], laterMs: 0 },
      { kind: 'refund', laterMs: 0 },
      {
        kind: 'push',
        outcome: { status: 'processed', utr: 'U1' },
        laterMs: 0,
      },
      { kind: 'refund', laterMs: 0 },
    ]);
    expect(model).toMatchObject({ money: 'posted', refund: 'none', refunds: 0 });
  });
});
