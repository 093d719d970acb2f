import { describe, expect, it } from '@jest/globals';
import {
  handMove,
  handResolutionRefusal,
  IllegalPayoutMove,
  legalMove,
  nextReturnCheck,
  nextStep,
  recheckAt,
  type PayoutView,
} from './payout-machine.js';

const timings = {
  resendAfterMs: 30_000,
  staleAfterMs: 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 7 * 86_400_000,
  maxRecheckMs: 15 * 60_000,
};
const now = new Date('2026-11-24T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const payout = (view: Partial<PayoutView> = {}): PayoutView => ({
  status: 'processing',
  sendStartedAt: null,
  statusChecks: 0,
  finishedAt: null,
  updatedAt: ago(0),
  ...view,
});

describe('the payout state machine', () => {
  it('starts a queued payout: to processing with its first send claimed, the sweep due after the stale time', () => {
    expect(nextStep(payout({ status: 'queued' }), undefined, now, timings)).toEqual({
      do: 'start',
      move: {
        from: 'queued',
        to: 'processing',
        transition: 'processing',
        facts: {},
        nextCheckAt: new Date(now.getTime() + 60_000),
        sendStartedAt: now,
      },
    });
  });

  it('sends a payout never sent, and only asks about one sent before', () => {
    expect(nextStep(payout(), undefined, now, timings)).toEqual({ do: 'send' });
    expect(nextStep(payout({ sendStartedAt: ago(1) }), undefined, now, timings)).toEqual({
      do: 'ask',
    });
  });

  it('sends again only when asked and the rail never saw a send old enough', () => {
    const notFound = { status: 'not-found' } as const;
    const young = payout({ sendStartedAt: ago(29_999) });
    const old = payout({ sendStartedAt: ago(30_000) });
    expect(nextStep(young, { via: 'ask', answer: notFound }, now, timings).do).toBe('recheck');
    expect(nextStep(old, { via: 'ask', answer: notFound }, now, timings)).toEqual({ do: 'send' });
    expect(nextStep(old, { via: 'push', answer: notFound }, now, timings).do).toBe('recheck');
  });

  it('only asks, later, after an unknown answer to a send, and says why', () => {
    const step = nextStep(
      payout({ sendStartedAt: ago(0) }),
      { via: 'send', answer: { status: 'unknown', reason: 'timeout' } },
      now,
      timings,
    );
    expect(step).toEqual({
      do: 'recheck',
      at: new Date(now.getTime() + 60_000),
      unknownBecause: 'timeout',
    });
  });

  it('asks when another caller took the send, and waits if it had asked already', () => {
    expect(nextStep(payout(), { via: 'claim-lost' }, now, timings)).toEqual({ do: 'ask' });
    const earlier = { status: 'not-found' } as const;
    expect(nextStep(payout(), { via: 'claim-lost', earlier }, now, timings).do).toBe('recheck');
  });

  it('books the rail’s final answers as the matching moves', () => {
    const sent = payout({ sendStartedAt: ago(0) });
    const moveOf = (answer: Parameters<typeof nextStep>[1]) => {
      const step = nextStep(sent, answer, now, timings);
      return step.do === 'move' ? [step.move.to, step.move.transition, step.move.facts] : step;
    };
    expect(moveOf({ via: 'send', answer: { status: 'processed', utr: 'U1' } })).toEqual([
      'processed',
      'processed',
      { utr: 'U1' },
    ]);
    expect(moveOf({ via: 'ask', answer: { status: 'failed', reason: 'closed' } })).toEqual([
      'failed',
      'failed',
      { message: 'closed' },
    ]);
    expect(moveOf({ via: 'push', answer: { status: 'reversed', reason: 'r', utr: 'U2' } })).toEqual(
      ['reversed', 'reversed', { utr: 'U2', message: 'r' }],
    );
  });

  it('books a late return after processed once, asked or pushed, and ignores other pushes', () => {
    const paid = payout({ status: 'processed', finishedAt: ago(0) });
    const reversed = { status: 'reversed', reason: 'frozen', utr: 'U9' } as const;
    const asked = nextStep(paid, { via: 'ask', answer: reversed }, now, timings);
    const pushed = nextStep(paid, { via: 'push', answer: reversed }, now, timings);
    expect(asked).toMatchObject({ move: { to: 'reversed', transition: 'returned' } });
    expect(asked.do === 'move' && asked.move.facts).toEqual({ message: 'frozen' });
    expect(pushed.do === 'move' && pushed.move.facts).toEqual({ utr: 'U9', message: 'frozen' });
    const pending = { status: 'pending' } as const;
    expect(nextStep(paid, { via: 'push', answer: pending }, now, timings)).toEqual({ do: 'stop' });
    expect(nextStep(paid, undefined, now, timings)).toEqual({ do: 'stop' });
    expect(nextStep(paid, undefined, now, timings, { checkReturn: true })).toEqual({ do: 'ask' });
  });

  it('leaves a terminal payout where it is, whatever it hears', () => {
    for (const status of ['failed', 'reversed'] as const) {
      const done = payout({ status, finishedAt: ago(0) });
      const answer = { status: 'processed', utr: 'U' } as const;
      expect(nextStep(done, { via: 'push', answer }, now, timings)).toEqual({ do: 'stop' });
      expect(nextStep(done, undefined, now, timings, { checkReturn: true })).toEqual({
        do: 'stop',
      });
    }
  });

  it('refuses to build a move PAYOUT_TRANSITIONS does not allow', () => {
    expect(() => legalMove('failed', 'processed', 'processed', {}, now, timings)).toThrow(
      IllegalPayoutMove,
    );
    expect(() => legalMove('queued', 'processed', 'processed', {}, now, timings)).toThrow(
      'A payout cannot move from queued to processed.',
    );
  });

  it('backs off rechecks by doubling, at most every 15 minutes', () => {
    const gap = (statusChecks: number) =>
      recheckAt(payout({ statusChecks }), now, timings).getTime() - now.getTime();
    expect([0, 1, 2, 3, 4, 20].map(gap)).toEqual([
      60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
  });

  it('asks about late returns with growing gaps, and stops when the window closes', () => {
    const paidAt = (ms: number) => payout({ status: 'processed', finishedAt: ago(ms) });
    expect(nextReturnCheck(paidAt(0), now, timings)).toEqual(new Date(now.getTime() + 3_600_000));
    expect(nextReturnCheck(paidAt(86_400_000), now, timings)).toEqual(
      new Date(now.getTime() + 86_400_000),
    );
    expect(nextReturnCheck(paidAt(6 * 86_400_000), now, timings)).toEqual(
      new Date(now.getTime() + 86_400_000),
    );
    expect(nextReturnCheck(paidAt(7 * 86_400_000), now, timings)).toBeNull();
  });

  it('lets an admin settle by hand only a processing payout with no send in the last 10 minutes', () => {
    expect(handResolutionRefusal(payout({ status: 'queued' }), now)).toBe('not-processing');
    expect(handResolutionRefusal(payout({ sendStartedAt: ago(599_999) }), now)).toBe(
      'send-in-flight',
    );
    expect(handResolutionRefusal(payout({ sendStartedAt: ago(600_000) }), now)).toBeUndefined();
    const sent = ago(600_000);
    expect(
      handMove(payout({ sendStartedAt: sent }), { status: 'failed', reason: 'x' }, now, timings),
    ).toMatchObject({
      from: 'processing',
      to: 'failed',
      facts: { message: 'x' },
      sendStartedAt: sent,
    });
  });
});
