import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PAYOUT_TRANSITIONS, type PayoutStatus } from './payout.js';
import { type Heard, nextStep, type PayoutView, type RailAnswer } from './payout-machine.js';

/**
 * The machine driven by random rail answers, pushes and passing time, against a model of the
 * rail's sends and of the hold on the wallet. The properties are the payout guarantees of
 * docs/decisions.md: sent once, resent only after a `not-found` about an old enough send, one
 * terminal state, money posted or returned exactly once.
 */
const timings = {
  resendAfterMs: 30_000,
  staleAfterMs: 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 7 * 86_400_000,
};
const TERMINAL: PayoutStatus[] = ['failed', 'reversed'];

const outcome = fc.oneof(
  fc.record({ status: fc.constant('processed' as const), utr: fc.constantFrom('U1', 'U2') }),
  fc.record({ status: fc.constant('failed' as const), reason: fc.constant('closed') }),
  fc.record({ status: fc.constant('reversed' as const), reason: fc.constant('returned') }),
  fc.record({ status: fc.constant('pending' as const) }),
);
const unknown = fc.constant({ status: 'unknown' as const, reason: 'timeout' });
/** What `status` may answer: anything, including that it never saw the payout. */
const askAnswer: fc.Arbitrary<RailAnswer> = fc.oneof(
  outcome,
  unknown,
  fc.constant({ status: 'not-found' as const }),
);
/** What `send` may answer: an outcome, or nothing known (a timeout). */
const sendAnswer: fc.Arbitrary<RailAnswer> = fc.oneof(outcome, unknown);

const event = fc.oneof(
  fc.record({
    kind: fc.constant('run' as const),
    checkReturn: fc.boolean(),
    asks: fc.array(askAnswer, { minLength: 2, maxLength: 2 }),
    sends: fc.array(sendAnswer, { minLength: 1, maxLength: 1 }),
    laterMs: fc.integer({ min: 0, max: 90_000 }),
  }),
  fc.record({ kind: fc.constant('push' as const), outcome, laterMs: fc.constant(0) }),
);

interface Model {
  view: PayoutView;
  now: number;
  hold: 'pending' | 'posted' | 'voided';
  returned: number;
  sends: number[];
  notFoundSinceLastSend: boolean;
}

type Happening = typeof event extends fc.Arbitrary<infer T> ? T : never;

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
    hold: 'pending',
    returned: 0,
    sends: [],
    notFoundSinceLastSend: false,
  };
  for (const happening of events) {
    if (happening.kind === 'push') {
      runOnce(model, { via: 'push', answer: happening.outcome }, false, [], []);
    } else {
      runOnce(model, undefined, happening.checkReturn, [...happening.asks], [...happening.sends]);
    }
    model.now += happening.laterMs;
  }
  return model;
}

/** One caller (a job, the sweep, a webhook) following the machine until it settles. */
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
      // The move to processing and the first send's claim are one compare-and-set.
      expect(model.view.status).toBe('queued');
      expect(model.sends).toEqual([]);
      expect(step.move).toMatchObject({ from: 'queued', to: 'processing' });
      book(model, step.move.transition);
      model.sends.push(model.now);
      model.view = { ...model.view, status: 'processing', sendStartedAt: now, updatedAt: now };
      heard = { via: 'send', answer: sends.shift() ?? { status: 'pending' } };
      continue;
    }
    if (step.do === 'send') {
      const last = model.sends.at(-1);
      if (last !== undefined) {
        // Sent again: only after the rail said it never saw the last send, old enough.
        expect(model.notFoundSinceLastSend).toBe(true);
        expect(model.now - last).toBeGreaterThanOrEqual(timings.resendAfterMs);
      }
      expect(model.view.status).toBe('processing');
      model.sends.push(model.now);
      model.notFoundSinceLastSend = false;
      model.view = { ...model.view, sendStartedAt: now };
      heard = { via: 'send', answer: sends.shift() ?? { status: 'pending' } };
      continue;
    }
    const { move } = step;
    expect(move.from).toBe(model.view.status);
    expect(TERMINAL).not.toContain(move.from);
    expect(PAYOUT_TRANSITIONS[move.from]).toContain(move.to);
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

/** The ledger side of a move: the hold is posted xor voided, once; a return only after posting. */
function book(model: Model, transition: string): void {
  if (transition === 'processed') {
    expect(model.hold).toBe('pending');
    model.hold = 'posted';
  } else if (transition === 'failed' || transition === 'reversed') {
    expect(model.hold).toBe('pending');
    model.hold = 'voided';
  } else if (transition === 'returned') {
    expect(model.hold).toBe('posted');
    expect(model.returned).toBe(0);
    model.returned++;
  }
}

describe('the payout state machine under random rail answers', () => {
  it('never sends twice without a not-found about an old enough send in between', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const model = play(events);
        expect(model.sends.length).toBeLessThanOrEqual(events.length);
      }),
      { numRuns: 500 },
    );
  });

  it('ends with the money where the state says: posted, voided, or posted then returned once', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const { view, hold, returned } = play(events);
        const expected: Record<PayoutStatus, [string, number][]> = {
          queued: [['pending', 0]],
          processing: [['pending', 0]],
          processed: [['posted', 0]],
          failed: [['voided', 0]],
          reversed: [
            ['voided', 0],
            ['posted', 1],
          ],
        };
        expect(expected[view.status]).toContainEqual([hold, returned]);
      }),
      { numRuns: 500 },
    );
  });

  it('pays a late return after processed once, however often the rail reports it', () => {
    const reversed = { status: 'reversed', reason: 'frozen' } as const;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('push', 'ask'), { minLength: 1, maxLength: 10 }),
        (sources) => {
          const model = play([
            {
              kind: 'run',
              checkReturn: false,
              asks: [],
              sends: [{ status: 'processed', utr: 'U1' }],
              laterMs: 1000,
            },
          ]);
          expect(model.view.status).toBe('processed');
          for (const source of sources) {
            if (source === 'push') runOnce(model, { via: 'push', answer: reversed }, false, [], []);
            else runOnce(model, undefined, true, [reversed], []);
          }
          expect(model).toMatchObject({ hold: 'posted', returned: 1 });
          expect(model.view.status).toBe('reversed');
        },
      ),
      { numRuns: 100 },
    );
  });
});
