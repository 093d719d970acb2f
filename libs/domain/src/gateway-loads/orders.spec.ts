import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DEFAULT_SCHEMES, checkScheme } from '../commission.js';
import { RUPEE } from '../money.js';
import {
  checkPgLoad,
  DEFAULT_PG_LIMITS,
  type PgOrderInput,
  type PgOrderState,
  pgCharge,
  stepPgOrder,
} from './orders.js';

const fresh: PgOrderState = { status: 'created', paymentId: null };

/** Runs inputs through the machine; answers the final state and the effects, in order. */
function run(inputs: PgOrderInput[], from = fresh) {
  let state = from;
  const effects: string[] = [];
  for (const input of inputs) {
    const step = stepPgOrder(state, input);
    if (!step.ok) continue;
    state = step.state;
    if (step.effect) effects.push(step.effect);
  }
  return { state, effects };
}

describe('the gateway order machine', () => {
  it('credits on the first capture only, never on the browser coming back', () => {
    expect(run([{ kind: 'returned' }]).state.status).toBe('attempted');
    expect(run([{ kind: 'returned' }]).effects).toEqual([]);
    const { state, effects } = run([
      { kind: 'payment.authorized', paymentId: 'pay_1' },
      { kind: 'payment.captured', paymentId: 'pay_1' },
      { kind: 'order.paid', paymentId: 'pay_1' },
      { kind: 'payment.captured', paymentId: 'pay_1' },
    ]);
    expect(state).toEqual({ status: 'paid', paymentId: 'pay_1' });
    expect(effects).toEqual(['credit']);
  });

  it('takes a late authorisation: failed, then captured, is paid', () => {
    const { state, effects } = run([
      { kind: 'payment.failed', paymentId: 'pay_1' },
      { kind: 'payment.authorized', paymentId: 'pay_1' },
      { kind: 'payment.captured', paymentId: 'pay_1' },
    ]);
    expect(state.status).toBe('paid');
    expect(effects).toEqual(['credit']);
  });

  it('never leaves paid for failed, and never credits an authorisation alone', () => {
    expect(
      run([
        { kind: 'payment.captured', paymentId: 'p' },
        { kind: 'payment.failed', paymentId: 'p' },
      ]).state.status,
    ).toBe('paid');
    expect(run([{ kind: 'payment.authorized', paymentId: 'p' }]).effects).toEqual([]);
  });

  it('refunds only a captured payment, once, reversing it', () => {
    expect(stepPgOrder(fresh, { kind: 'refund' })).toEqual({ ok: false, reason: 'notCaptured' });
    expect(stepPgOrder({ status: 'failed', paymentId: null }, { kind: 'refund' }).ok).toBe(false);
    const paid = run([{ kind: 'payment.captured', paymentId: 'p' }]).state;
    // Asked twice: one reversal, pending until the gateway answers.
    const asked = run([{ kind: 'refund' }, { kind: 'refund' }], paid);
    expect(asked).toEqual({ state: { status: 'refunding', paymentId: 'p' }, effects: ['reverse'] });
    const refunded = run([{ kind: 'refund.processed' }, { kind: 'refund.processed' }], asked.state);
    expect(refunded).toEqual({ state: { status: 'refunded', paymentId: 'p' }, effects: [] });
    // A refunded order stays refunded when the gateway repeats its capture, or a late refusal.
    expect(
      run(
        [
          { kind: 'payment.captured', paymentId: 'p' },
          { kind: 'refund.refused', settled: false },
        ],
        refunded.state,
      ).effects,
    ).toEqual([]);
  });

  it('puts the credit back when the gateway refuses the refund, where the order stood', () => {
    const paid = run([{ kind: 'payment.captured', paymentId: 'p' }]).state;
    expect(run([{ kind: 'refund' }, { kind: 'refund.refused', settled: false }], paid)).toEqual({
      state: { status: 'paid', paymentId: 'p' },
      effects: ['reverse', 'restore'],
    });
    const settled = run([{ kind: 'settle' }], paid).state;
    const refused = run(
      [{ kind: 'refund' }, { kind: 'refund.refused', settled: true }, { kind: 'refund.processed' }],
      settled,
    );
    expect(refused).toEqual({
      state: { status: 'settled', paymentId: 'p' },
      effects: ['reverse', 'restore'],
    });
    // Refused, it may be asked again: a second reversal, after the restore.
    expect(run([{ kind: 'refund' }], refused.state).effects).toEqual(['reverse']);
    // Neither answer moves an order that is not refunding.
    expect(run([{ kind: 'refund.processed' }], paid)).toEqual({ state: paid, effects: [] });
  });

  it('settles only a paid order', () => {
    expect(stepPgOrder(fresh, { kind: 'settle' })).toEqual({ ok: false, reason: 'notPaid' });
    const paid = run([{ kind: 'order.paid', paymentId: 'p' }]).state;
    expect(run([{ kind: 'settle' }, { kind: 'settle' }], paid)).toEqual({
      state: { status: 'settled', paymentId: 'p' },
      effects: ['settle'],
    });
  });
});

/**
 * A scripted gateway: a payment's fate decides which events it may send (a payment that was
 * never captured sends no capture); the events arrive in any order, repeated, late, with the
 * browser's return anywhere among them. Whatever the order: one credit if a capture was among
 * them, none otherwise, and the final status says which.
 */
describe('the order machine against a scripted gateway', () => {
  const fates = fc.constantFrom('captured', 'lateCaptured', 'failed', 'pending', 'authorizedOnly');
  const eventsOf = (fate: string): PgOrderInput[] => {
    const id = 'pay_x';
    switch (fate) {
      case 'captured':
        return [
          { kind: 'payment.authorized', paymentId: id },
          { kind: 'payment.captured', paymentId: id },
          { kind: 'order.paid', paymentId: id },
        ];
      case 'lateCaptured':
        return [
          { kind: 'payment.failed', paymentId: id },
          { kind: 'payment.authorized', paymentId: id },
          { kind: 'payment.captured', paymentId: id },
        ];
      case 'failed':
        return [{ kind: 'payment.failed', paymentId: id }];
      case 'authorizedOnly':
        return [{ kind: 'payment.authorized', paymentId: id }];
      default:
        return [];
    }
  };

  it('credits exactly once when captured, never otherwise', () => {
    fc.assert(
      fc.property(
        fates,
        fc.array(fc.nat(20), { maxLength: 12 }),
        fc.nat(6),
        fc.boolean(),
        (fate, picks, returnAt, refund) => {
          const sent = eventsOf(fate);
          // Each event at least once, then repeats picked at random, all shuffled by `picks`.
          const deliveries = [
            ...sent,
            ...picks.flatMap((n) => (sent.length ? [sent[n % sent.length]!] : [])),
          ];
          const order = deliveries
            .map((event, i) => ({ event, key: picks[i % Math.max(picks.length, 1)] ?? i }))
            .sort((a, b) => a.key - b.key)
            .map((one) => one.event);
          order.splice(Math.min(returnAt, order.length), 0, { kind: 'returned' });
          if (refund) order.push({ kind: 'refund' }, { kind: 'refund.processed' });
          const { state, effects } = run(order);
          const captured = fate === 'captured' || fate === 'lateCaptured';
          expect(effects.filter((e) => e === 'credit')).toHaveLength(captured ? 1 : 0);
          if (captured) {
            expect(state.status).toBe(refund ? 'refunded' : 'paid');
            expect(effects.filter((e) => e === 'reverse')).toHaveLength(refund ? 1 : 0);
          } else {
            expect(['attempted', 'failed', 'created']).toContain(state.status);
            expect(effects).toEqual([]);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the load charge', () => {
  const scheme = DEFAULT_SCHEMES.pgLoad;

  it('is the fee by method and 18% GST on it, and the wallet gets the rest', () => {
    const upi = pgCharge(scheme, 'upi', 2_000 * RUPEE, 1800)!;
    expect(upi).toEqual({
      amount: 200_000,
      fee: 1_000,
      gstRate: 1800,
      gst: 180,
      charge: 1_180,
      credited: 198_820,
    });
    const card = pgCharge(scheme, 'card', 2_000 * RUPEE, 1800)!;
    expect(card.fee).toBe(3_600);
    expect(card.gst).toBe(648);
    expect(pgCharge(scheme, 'netbanking', 2_000 * RUPEE, 1800)!.fee).toBe(1_200);
  });

  it('rounds GST half up to the paisa and adds up for every amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100 * RUPEE, max: 2_00_000 * RUPEE }),
        fc.constantFrom('upi', 'card', 'netbanking') as fc.Arbitrary<'upi' | 'card' | 'netbanking'>,
        (amount, method) => {
          const c = pgCharge(scheme, method, amount, 1800)!;
          expect(c.fee + c.gst).toBe(c.charge);
          expect(c.charge + c.credited).toBe(amount);
          expect(Math.abs(c.gst * 10_000 - c.fee * 1800)).toBeLessThanOrEqual(5_000);
        },
      ),
    );
  });

  it('refuses a charge that takes the whole amount', () => {
    expect(
      pgCharge(
        { slabs: [{ ...scheme.slabs[0]!, fee: { flatBase: 50 } }] },
        'upi',
        50 * RUPEE,
        1800,
      ),
    ).toBe(undefined);
  });

  it('is a valid scheme an admin could save, slabs per method included', () => {
    expect(checkScheme(scheme).ok).toBe(true);
    expect(checkScheme({ ...DEFAULT_SCHEMES.dmt, categorySlabs: scheme.categorySlabs }).ok).toBe(
      false,
    );
  });
});

describe('a load request', () => {
  it('takes a gateway, one of its methods and rupees within the limits', () => {
    expect(checkPgLoad({ gateway: 'pay10', method: 'upi', amount: '2000' })).toEqual({
      ok: true,
      value: { gateway: 'pay10', method: 'upi', amount: 200_000 },
    });
    expect(checkPgLoad({ gateway: 'finkeda', method: 'upi', amount: 2000 }).ok).toBe(false);
    expect(checkPgLoad({ gateway: 'nope', method: 'upi', amount: 2000 }).ok).toBe(false);
    expect(checkPgLoad({ gateway: 'pay10', method: 'upi', amount: '99.99' }).ok).toBe(false);
    expect(
      checkPgLoad({
        gateway: 'pay10',
        method: 'card',
        amount: DEFAULT_PG_LIMITS.perOrder / 100 + 1,
      }).ok,
    ).toBe(false);
    expect(checkPgLoad({ gateway: 'pay10', method: 'card', amount: '1e3' }).ok).toBe(false);
  });
});
