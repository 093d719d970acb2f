import { describe, expect, it } from '@jest/globals';
import { IllegalRailMove, recheckAt, type RailView } from '../rail/rail-machine.js';
import { DMT_TRANSFER_TRANSITIONS, dmtTransferMachine } from './dmt-transfer-machine.js';

const { nextStep, legalMove } = dmtTransferMachine;
const timings = {
  resendAfterMs: 30_000,
  staleAfterMs: 15 * 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 3 * 86_400_000,
  maxRecheckMs: 2 * 3_600_000,
};
const now = new Date('2026-11-28T10:00:00Z');
const transfer = (view: Partial<RailView> = {}): RailView => ({
  status: 'processing',
  sendStartedAt: now,
  statusChecks: 0,
  finishedAt: null,
  updatedAt: now,
  ...view,
});

describe('the DMT transfer machine', () => {
  it('starts a queued transfer with its one send claimed, first enquiry 15 minutes on', () => {
    const step = nextStep(
      transfer({ status: 'queued', sendStartedAt: null }),
      undefined,
      now,
      timings,
    );
    expect(step).toMatchObject({
      do: 'start',
      move: { from: 'queued', to: 'processing', sendStartedAt: now },
    });
    expect(step.do === 'start' && step.move.nextCheckAt).toEqual(
      new Date(now.getTime() + 15 * 60_000),
    );
  });

  it('keeps a timed-out or garbled send processing and asks, never fails it or sends again', () => {
    const heard = { via: 'send', answer: { status: 'unknown', reason: 'timeout' } } as const;
    const step = nextStep(transfer(), heard, now, timings);
    expect(step).toMatchObject({ do: 'recheck', unknownBecause: 'timeout' });
    expect(nextStep(transfer(), undefined, now, timings)).toEqual({ do: 'ask' });
  });

  it('asks a pending transfer again 15, 30, 60 and 120 minutes on, then every 2 hours', () => {
    const gapInMinutes = (statusChecks: number) =>
      (recheckAt(transfer({ statusChecks }), now, timings).getTime() - now.getTime()) / 60_000;
    expect([0, 1, 2, 3, 4, 9].map(gapInMinutes)).toEqual([15, 30, 60, 120, 120, 120]);
  });

  it('settles by enquiry: a pending transfer asked later is processed or failed', () => {
    const paid = { via: 'ask', answer: { status: 'processed', utr: 'U1' } } as const;
    const failed = { via: 'ask', answer: { status: 'failed', reason: 'closed' } } as const;
    expect(nextStep(transfer(), paid, now, timings)).toMatchObject({
      do: 'move',
      move: { from: 'processing', to: 'processed', facts: { utr: 'U1' } },
    });
    expect(nextStep(transfer(), failed, now, timings)).toMatchObject({
      do: 'move',
      move: { to: 'failed', facts: { message: 'closed' } },
    });
  });

  it('hears of a late return after success, and is asked about one within the window', () => {
    const paid = transfer({ status: 'processed', finishedAt: now });
    const back = { via: 'push', answer: { status: 'reversed', reason: 'frozen' } } as const;
    expect(nextStep(paid, back, now, timings)).toMatchObject({
      do: 'move',
      move: { from: 'processed', to: 'reversed', transition: 'returned' },
    });
    expect(nextStep(paid, undefined, now, timings, { checkReturn: true })).toEqual({ do: 'ask' });
  });

  it('leaves no terminal state, and allows only its own transitions', () => {
    for (const terminal of ['failed', 'reversed'] as const) {
      expect(DMT_TRANSFER_TRANSITIONS[terminal]).toEqual([]);
      const paid = { via: 'push', answer: { status: 'processed', utr: 'U' } } as const;
      expect(nextStep(transfer({ status: terminal }), paid, now, timings)).toEqual({ do: 'stop' });
    }
    expect(() => legalMove('queued', 'processed', 'processed', {}, now, timings)).toThrow(
      IllegalRailMove,
    );
    expect(() => legalMove('failed', 'processed', 'processed', {}, now, timings)).toThrow(
      'A DMT transfer cannot move from failed to processed.',
    );
  });
});
