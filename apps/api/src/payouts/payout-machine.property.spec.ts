import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  type RailHappening,
  type RailModel,
  railHappenings,
  ScriptedProvider,
} from '../rail/testing/scripted-provider.js';
import { PAYOUT_TRANSITIONS, type PayoutStatus } from './payout.js';
import { nextStep } from './payout-machine.js';

/**
 * The machine driven by random rail answers, pushes and passing time (the rail's scripted
 * provider, rail/testing/scripted-provider.ts), against a model of the rail's sends and of the
 * hold on the wallet. The properties are the payout guarantees of docs/decisions.md: sent
 * once, resent only after a `not-found` about an old enough send, one terminal state, money
 * posted or returned exactly once.
 */
interface Model extends RailModel {
  hold: 'pending' | 'posted' | 'voided';
  returned: number;
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

const rail = new ScriptedProvider<Model>({
  nextStep,
  transitions: PAYOUT_TRANSITIONS,
  timings: {
    resendAfterMs: 30_000,
    staleAfterMs: 60_000,
    returnCheckAfterMs: 3_600_000,
    returnWindowMs: 7 * 86_400_000,
    maxRecheckMs: 15 * 60_000,
  },
  book,
});
const event = railHappenings(90_000);

function play(events: RailHappening[]): Model {
  return rail.play(rail.requested({ hold: 'pending', returned: 0 }), events);
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
          rail.play(
            model,
            sources.map((source): RailHappening =>
              source === 'push'
                ? { kind: 'push', outcome: reversed, laterMs: 0 }
                : { kind: 'run', checkReturn: true, asks: [reversed], sends: [], laterMs: 0 },
            ),
          );
          expect(model).toMatchObject({ hold: 'posted', returned: 1 });
          expect(model.view.status).toBe('reversed');
        },
      ),
      { numRuns: 100 },
    );
  });
});
