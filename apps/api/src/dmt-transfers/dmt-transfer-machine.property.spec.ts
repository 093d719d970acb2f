import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decideDmtRefund, type DmtRefundState } from '@khata/domain';
import {
  type RailHappening,
  type RailModel,
  railHappenings,
  ScriptedProvider,
} from '../rail/testing/scripted-provider.js';
import {
  DMT_REFUNDABLE,
  DMT_TRANSFER_TRANSITIONS,
  type DmtTransferStatus,
  dmtTransferMachine,
} from './dmt-transfer-machine.js';

/**
 * The DMT machine driven by the rail's scripted provider (rail/testing/scripted-provider.ts:
 * random answers to sends and enquiries, pushed outcomes, passing time) and by customers
 * confirming refunds at random moments, against a model of the provider's sends and of the
 * retailer's money: held at request, posted at success, moved to refund pending at a failure
 * or a return, back to the wallet only by a confirmed refund, once.
 */
interface Model extends RailModel {
  /** The retailer's amount + fee: held, posted to the provider, or in refund clearing. */
  money: 'held' | 'posted' | 'clearing' | 'wallet';
  refund: DmtRefundState;
  refunds: number;
}

/** The customer confirms a refund with the OTP. */
interface Refund {
  kind: 'refund';
  laterMs: number;
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

const rail = new ScriptedProvider<Model>({
  nextStep: dmtTransferMachine.nextStep,
  transitions: DMT_TRANSFER_TRANSITIONS,
  timings: {
    resendAfterMs: 30_000,
    staleAfterMs: 15 * 60_000,
    returnCheckAfterMs: 3_600_000,
    returnWindowMs: 3 * 86_400_000,
    maxRecheckMs: 2 * 3_600_000,
  },
  book,
});
const event = railHappenings<Refund>(
  20 * 60_000,
  fc.record({ kind: fc.constant('refund' as const), laterMs: fc.constant(0) }),
);

function play(events: (RailHappening | Refund)[]): Model {
  const model = rail.requested({ money: 'held', refund: 'none', refunds: 0 });
  return rail.play(model, events, confirmRefund);
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
