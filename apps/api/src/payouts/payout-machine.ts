import type { PayoutConfig } from '../config/config.js';
import type { RailOutcome } from '../rail/bank-rail.js';
import { IN_FLIGHT, PAYOUT_TRANSITIONS, type Payout, type PayoutStatus } from './payout.js';

/**
 * The payout state machine as one pure function: given the payout as last read, what was just
 * heard from the rail and the time, it answers the next move. No I/O and no clock: the
 * processor (payout-processor.ts) does the asking, sending and committing around it, and the
 * property tests (payout-machine.property.spec.ts) drive it with random rail answers.
 */

/** What the rail said, or that nobody knows (timeout, 5xx, a crash mid-call). */
export type RailAnswer =
  RailOutcome | { status: 'not-found' } | { status: 'unknown'; reason: string };

/**
 * What was just heard, and how: the answer to our send, to our question, or pushed by the
 * rail (a webhook). `claim-lost`: another caller took the right to send first (`earlier` is
 * the answer we had before trying, if any).
 */
export type Heard =
  | { via: 'send' | 'ask' | 'push'; answer: RailAnswer }
  | { via: 'claim-lost'; earlier?: RailAnswer };

/** The ledger transition of a move: `returned` is `processed → reversed` (a late return). */
export type PayoutTransition = 'processing' | 'processed' | 'failed' | 'reversed' | 'returned';

export interface PayoutFacts {
  utr?: string | null;
  message?: string | null;
}

/** One legal state change, with what it records and when the sweep should look next. */
export interface PayoutMove {
  from: PayoutStatus;
  to: PayoutStatus;
  transition: PayoutTransition;
  facts: PayoutFacts;
  nextCheckAt: Date | null;
  /** Only if no send was claimed since the payout was read (a manual resolution). */
  sendStartedAt?: Date | null;
}

export type NextStep =
  /**
   * A queued payout: move it to processing and take the right to its first send, in one
   * compare-and-set on `queued` (no ledger event: nothing moves in the ledger), then send.
   */
  | { do: 'start'; move: PayoutMove }
  /** Take the right to send (compare-and-set on the last send), then send. */
  | { do: 'send' }
  /** Ask the rail what became of the payout. */
  | { do: 'ask' }
  | { do: 'move'; move: PayoutMove }
  /** Nothing final: look again at `at` (null: never, the return window closed). */
  | { do: 'recheck'; at: Date | null; unknownBecause?: string }
  | { do: 'stop' };

export type PayoutTimings = Pick<
  PayoutConfig,
  'resendAfterMs' | 'staleAfterMs' | 'returnCheckAfterMs' | 'returnWindowMs'
>;

export type PayoutView = Pick<
  Payout,
  'status' | 'sendStartedAt' | 'statusChecks' | 'finishedAt' | 'updatedAt'
>;

const MAX_RECHECK_MS = 15 * 60_000;
/** A send younger than this may still be on its way to the rail: no manual resolution yet. */
export const SEND_SETTLE_MS = 10 * 60_000;

export class IllegalPayoutMove extends Error {
  override readonly name = 'IllegalPayoutMove';
}

/**
 * The next move of a payout. The guarantees live here:
 * - it sends when it never sent, and sends again only after the rail, asked, said `not-found`
 *   about a send old enough (`resendAfterMs`) to be no longer on its way;
 * - after a send or an unknown answer it only asks (a resend needs a fresh `not-found`);
 * - every move is one of PAYOUT_TRANSITIONS, so a terminal state is never left.
 */
export function nextStep(
  payout: PayoutView,
  heard: Heard | undefined,
  now: Date,
  timings: PayoutTimings,
  { checkReturn = false }: { checkReturn?: boolean } = {},
): NextStep {
  if (!heard) {
    if (payout.status === 'queued') return { do: 'start', move: startMove(now, timings) };
    if (payout.status === 'processing') {
      return { do: payout.sendStartedAt === null ? 'send' : 'ask' };
    }
    return payout.status === 'processed' && checkReturn ? { do: 'ask' } : { do: 'stop' };
  }
  if (heard.via === 'claim-lost') {
    // Another caller sends; its outcome is for it to record. Ask unless we already did.
    return heard.earlier ? recheck(payout, heard.earlier, now, timings) : { do: 'ask' };
  }
  if (payout.status === 'processing') return afterAnswer(payout, heard, now, timings);
  if (payout.status === 'processed') return afterPayment(payout, heard, now, timings);
  return { do: 'stop' };
}

function afterAnswer(
  payout: PayoutView,
  { via, answer }: { via: 'send' | 'ask' | 'push'; answer: RailAnswer },
  now: Date,
  timings: PayoutTimings,
): NextStep {
  switch (answer.status) {
    case 'processed':
      return moveTo(payout, 'processed', 'processed', { utr: answer.utr }, now, timings);
    case 'failed':
      return moveTo(payout, 'failed', 'failed', { message: answer.reason }, now, timings);
    case 'reversed':
      return moveTo(
        payout,
        'reversed',
        'reversed',
        { utr: answer.utr, message: answer.reason },
        now,
        timings,
      );
    case 'not-found': {
      // The rail has no trace of an earlier send too old to be still on its way: it never
      // arrived, so sending again (under the same reference) is safe.
      const sentAt = payout.sendStartedAt?.getTime();
      const oldEnough = sentAt !== undefined && now.getTime() - sentAt >= timings.resendAfterMs;
      return via === 'ask' && oldEnough ? { do: 'send' } : recheck(payout, answer, now, timings);
    }
    default:
      return recheck(payout, answer, now, timings);
  }
}

/** A processed payout hears of a late return, or is asked about one. */
function afterPayment(
  payout: PayoutView,
  { via, answer }: { via: 'send' | 'ask' | 'push'; answer: RailAnswer },
  now: Date,
  timings: PayoutTimings,
): NextStep {
  if (answer.status === 'reversed') {
    // A pushed return carries the rail's own reference; an asked one keeps the payout's UTR.
    const facts =
      via === 'push' ? { utr: answer.utr, message: answer.reason } : { message: answer.reason };
    return moveTo(payout, 'reversed', 'returned', facts, now, timings);
  }
  if (via === 'push') return { do: 'stop' };
  return { do: 'recheck', at: nextReturnCheck(payout, now, timings) };
}

function recheck(
  payout: PayoutView,
  answer: RailAnswer,
  now: Date,
  timings: PayoutTimings,
): NextStep {
  return {
    do: 'recheck',
    at: recheckAt(payout, now, timings),
    ...(answer.status === 'unknown' && { unknownBecause: answer.reason }),
  };
}

function moveTo(
  payout: PayoutView,
  to: PayoutStatus,
  transition: PayoutTransition,
  facts: PayoutFacts,
  now: Date,
  timings: PayoutTimings,
): NextStep {
  return { do: 'move', move: legalMove(payout.status, to, transition, facts, now, timings) };
}

/**
 * The start of a queued payout: to processing, with the first send claimed at the same time.
 * Whoever wins the compare-and-set on `queued` is the only one to send; anyone later finds the
 * payout processing with a send under way, and asks.
 */
export function startMove(now: Date, timings: PayoutTimings): PayoutMove {
  return {
    ...legalMove('queued', 'processing', 'processing', {}, now, timings),
    sendStartedAt: now,
  };
}

/** The only way to build a move: one that PAYOUT_TRANSITIONS does not allow throws. */
export function legalMove(
  from: PayoutStatus,
  to: PayoutStatus,
  transition: PayoutTransition,
  facts: PayoutFacts,
  now: Date,
  timings: PayoutTimings,
): PayoutMove {
  if (!PAYOUT_TRANSITIONS[from].includes(to)) {
    throw new IllegalPayoutMove(`A payout cannot move from ${from} to ${to}.`);
  }
  return { from, to, transition, facts, nextCheckAt: nextCheckAfter(to, now, timings) };
}

/** Why an admin may not settle this payout by hand now; undefined when they may. */
export function handResolutionRefusal(
  payout: PayoutView,
  now: Date,
): 'not-processing' | 'send-in-flight' | undefined {
  if (payout.status !== 'processing') return 'not-processing';
  const sent = payout.sendStartedAt?.getTime();
  if (sent !== undefined && now.getTime() - sent < SEND_SETTLE_MS) return 'send-in-flight';
  return undefined;
}

/** The manual answer, applied only if no send was claimed since the payout was read. */
export function handMove(
  payout: PayoutView,
  resolution: { status: 'processed'; utr: string } | { status: 'failed'; reason: string },
  now: Date,
  timings: PayoutTimings,
): PayoutMove {
  const facts =
    resolution.status === 'processed' ? { utr: resolution.utr } : { message: resolution.reason };
  return {
    ...legalMove(payout.status, resolution.status, resolution.status, facts, now, timings),
    sendStartedAt: payout.sendStartedAt,
  };
}

/** The rail's answer settles the payout (as opposed to pending, not-found, unknown). */
export function isFinal(
  answer: RailAnswer,
): answer is Extract<RailOutcome, { status: 'processed' | 'failed' | 'reversed' }> {
  return (
    answer.status === 'processed' || answer.status === 'failed' || answer.status === 'reversed'
  );
}

/** In flight: the sweep looks again if nothing moves it meanwhile. */
export function nextCheckAfter(
  status: PayoutStatus,
  at: Date,
  timings: PayoutTimings,
): Date | null {
  if (IN_FLIGHT.includes(status)) return new Date(at.getTime() + timings.staleAfterMs);
  if (status === 'processed') return new Date(at.getTime() + timings.returnCheckAfterMs);
  return null;
}

/** The next look at an unsettled payout: later each time, at most every 15 minutes. */
export function recheckAt(payout: PayoutView, now: Date, timings: PayoutTimings): Date {
  const backoff = Math.min(
    MAX_RECHECK_MS,
    timings.staleAfterMs * 2 ** Math.min(payout.statusChecks, 10),
  );
  return new Date(now.getTime() + Math.max(backoff, 1000));
}

/** Late returns are asked about with growing gaps until the return window closes. */
export function nextReturnCheck(
  payout: PayoutView,
  now: Date,
  timings: PayoutTimings,
): Date | null {
  const finished = (payout.finishedAt ?? payout.updatedAt).getTime();
  const { returnWindowMs, returnCheckAfterMs } = timings;
  if (now.getTime() - finished >= returnWindowMs) return null;
  const gap = Math.max(returnCheckAfterMs, now.getTime() - finished, 1000);
  return new Date(Math.min(now.getTime() + gap, finished + returnWindowMs));
}
