import type { RailDetails, RailOutcome } from './rail-adapter.js';

/**
 * The state machine every rail transaction runs (issue 24): a bank payout and an AEPS
 * settlement today, a DMT transfer, an AEPS cash withdrawal or a bill payment next. One pure
 * shape, instanced per product with its own legal transitions (`railMachine`): given the
 * transaction as last read, what was just heard from the provider and the time, it answers the
 * next move. No I/O and no clock: RailProcessor (rail-processor.ts) asks, sends and commits
 * around it; each product's property test drives its instance with random provider answers
 * through the scripted provider of testing/scripted-provider.ts.
 *
 * queued (initiated) → processing (sent) → processed (success) | failed | reversed. While the
 * provider has no final answer (pending, a timeout, a 5xx) the transaction stays processing and
 * is asked about (status enquiry) on a growing schedule: a timeout is pending, never failed,
 * and pending is settled by enquiry, never by a resend. A product whose transitions allow
 * processed → reversed is asked about late returns after success, until its window closes.
 */

/** Where a rail transaction stands: the record statuses of libs/domain's TRANSACTION_STATUSES. */
export type RailStatus = 'queued' | 'processing' | 'processed' | 'failed' | 'reversed';

/** A product's legal state changes. A terminal state lists none. */
export type RailTransitions = Readonly<Record<RailStatus, readonly RailStatus[]>>;

/** Not settled yet: the job and the sweep keep at it. */
export const RAIL_IN_FLIGHT: readonly RailStatus[] = ['queued', 'processing'];

/** What the provider said, or that nobody knows (timeout, 5xx, a crash mid-call). */
export type RailAnswer =
  RailOutcome | { status: 'not-found' } | { status: 'unknown'; reason: string };

/**
 * What was just heard, and how: the answer to our send, to our question, or pushed by the
 * provider (a webhook). `claim-lost`: another caller took the right to send first (`earlier`
 * is the answer we had before trying, if any).
 */
export type Heard =
  | { via: 'send' | 'ask' | 'push'; answer: RailAnswer }
  | { via: 'claim-lost'; earlier?: RailAnswer };

/** The ledger transition of a move: `returned` is `processed → reversed` (a late return). */
export type RailTransition = 'processing' | 'processed' | 'failed' | 'reversed' | 'returned';

export interface RailFacts {
  utr?: string | null;
  message?: string | null;
  /** The provider's other facts, for the product's store (RailOutcome's `details`). */
  details?: RailDetails;
}

/** One legal state change, with what it records and when the sweep should look next. */
export interface RailMove {
  from: RailStatus;
  to: RailStatus;
  transition: RailTransition;
  facts: RailFacts;
  nextCheckAt: Date | null;
  /** Only if no send was claimed since the transaction was read (a manual resolution). */
  sendStartedAt?: Date | null;
}

export type NextStep =
  /**
   * A queued transaction: move it to processing and take the right to its first send, in one
   * compare-and-set on `queued` (no ledger event: nothing moves in the ledger), then send.
   */
  | { do: 'start'; move: RailMove }
  /** Take the right to send (compare-and-set on the last send), then send. */
  | { do: 'send' }
  /** Ask the provider what became of the transaction (status enquiry). */
  | { do: 'ask' }
  | { do: 'move'; move: RailMove }
  /** Nothing final: look again at `at` (null: never, the return window closed). */
  | { do: 'recheck'; at: Date | null; unknownBecause?: string }
  | { do: 'stop' };

/** The payment-operations clock of a product (config), in milliseconds. */
export interface RailTimings {
  /** A send the provider, asked, does not know is sent again only this long after it. */
  resendAfterMs: number;
  /** In flight this long without news: the sweep asks. */
  staleAfterMs: number;
  /** First ask about a late return this long after success. */
  returnCheckAfterMs: number;
  /** Stop asking about late returns this long after success. */
  returnWindowMs: number;
  /** The longest gap between two enquiries about an unsettled transaction. */
  maxRecheckMs: number;
}

/** The fields of a transaction the machine reads. */
export interface RailView {
  status: RailStatus;
  sendStartedAt: Date | null;
  statusChecks: number;
  finishedAt: Date | null;
  updatedAt: Date;
}

export type HandResolution =
  { status: 'processed'; utr: string } | { status: 'failed'; reason: string };

/** A send younger than this may still be on its way to the provider: no manual resolution yet. */
export const SEND_SETTLE_MS = 10 * 60_000;

export class IllegalRailMove extends Error {
  override readonly name = 'IllegalRailMove';
}

/** What makes a product's machine its own: its name in messages and its legal transitions. */
export interface RailProduct {
  noun: string;
  transitions: RailTransitions;
}

/** The machine of one product: the pure functions of its lifecycle, bound to its transitions. */
export function railMachine({ noun, transitions }: RailProduct) {
  /**
   * The next move of a transaction. The guarantees live here:
   * - it sends when it never sent, and sends again only after the provider, asked, said
   *   `not-found` about a send old enough (`resendAfterMs`) to be no longer on its way;
   * - after a send or an unknown answer it only asks (a resend needs a fresh `not-found`);
   * - every move is one of the product's transitions, so a terminal state is never left.
   */
  function nextStep(
    txn: RailView,
    heard: Heard | undefined,
    now: Date,
    timings: RailTimings,
    { checkReturn = false }: { checkReturn?: boolean } = {},
  ): NextStep {
    if (!heard) {
      if (txn.status === 'queued') return { do: 'start', move: startMove(now, timings) };
      if (txn.status === 'processing') {
        return { do: txn.sendStartedAt === null ? 'send' : 'ask' };
      }
      return txn.status === 'processed' && checkReturn ? { do: 'ask' } : { do: 'stop' };
    }
    if (heard.via === 'claim-lost') {
      // Another caller sends; its outcome is for it to record. Ask unless we already did.
      return heard.earlier ? recheck(txn, heard.earlier, now, timings) : { do: 'ask' };
    }
    if (txn.status === 'processing') return afterAnswer(txn, heard, now, timings);
    if (txn.status === 'processed') return afterPayment(txn, heard, now, timings);
    return { do: 'stop' };
  }

  function afterAnswer(
    txn: RailView,
    { via, answer }: { via: 'send' | 'ask' | 'push'; answer: RailAnswer },
    now: Date,
    timings: RailTimings,
  ): NextStep {
    switch (answer.status) {
      case 'processed':
        return moveTo(
          txn,
          'processed',
          'processed',
          withDetails({ utr: answer.utr }, answer),
          now,
          timings,
        );
      case 'failed':
        return moveTo(
          txn,
          'failed',
          'failed',
          withDetails({ message: answer.reason }, answer),
          now,
          timings,
        );
      case 'reversed':
        return moveTo(
          txn,
          'reversed',
          'reversed',
          { utr: answer.utr, message: answer.reason },
          now,
          timings,
        );
      case 'not-found': {
        // The provider has no trace of an earlier send too old to be still on its way: it
        // never arrived, so sending again (under the same reference) is safe.
        const sentAt = txn.sendStartedAt?.getTime();
        const oldEnough = sentAt !== undefined && now.getTime() - sentAt >= timings.resendAfterMs;
        return via === 'ask' && oldEnough ? { do: 'send' } : recheck(txn, answer, now, timings);
      }
      default:
        return recheck(txn, answer, now, timings);
    }
  }

  /** A successful transaction hears of a late return, or is asked about one. */
  function afterPayment(
    txn: RailView,
    { via, answer }: { via: 'send' | 'ask' | 'push'; answer: RailAnswer },
    now: Date,
    timings: RailTimings,
  ): NextStep {
    if (answer.status === 'reversed') {
      // A pushed return carries the provider's own reference; an asked one keeps the UTR.
      const facts =
        via === 'push' ? { utr: answer.utr, message: answer.reason } : { message: answer.reason };
      return moveTo(txn, 'reversed', 'returned', facts, now, timings);
    }
    if (via === 'push') return { do: 'stop' };
    return { do: 'recheck', at: nextReturnCheck(txn, now, timings) };
  }

  function moveTo(
    txn: RailView,
    to: RailStatus,
    transition: RailTransition,
    facts: RailFacts,
    now: Date,
    timings: RailTimings,
  ): NextStep {
    return { do: 'move', move: legalMove(txn.status, to, transition, facts, now, timings) };
  }

  /**
   * The start of a queued transaction: to processing, with the first send claimed at the same
   * time. Whoever wins the compare-and-set on `queued` is the only one to send; anyone later
   * finds it processing with a send under way, and asks.
   */
  function startMove(now: Date, timings: RailTimings): RailMove {
    return {
      ...legalMove('queued', 'processing', 'processing', {}, now, timings),
      sendStartedAt: now,
    };
  }

  /** The only way to build a move: one the product's transitions do not allow throws. */
  function legalMove(
    from: RailStatus,
    to: RailStatus,
    transition: RailTransition,
    facts: RailFacts,
    now: Date,
    timings: RailTimings,
  ): RailMove {
    if (!transitions[from].includes(to)) {
      throw new IllegalRailMove(`A ${noun} cannot move from ${from} to ${to}.`);
    }
    return { from, to, transition, facts, nextCheckAt: nextCheckAfter(to, now, timings) };
  }

  /** The manual answer, applied only if no send was claimed since the transaction was read. */
  function handMove(
    txn: RailView,
    resolution: HandResolution,
    now: Date,
    timings: RailTimings,
  ): RailMove {
    const facts =
      resolution.status === 'processed' ? { utr: resolution.utr } : { message: resolution.reason };
    return {
      ...legalMove(txn.status, resolution.status, resolution.status, facts, now, timings),
      sendStartedAt: txn.sendStartedAt,
    };
  }

  /**
   * In flight: the sweep looks again if nothing moves it meanwhile. A success is looked at
   * again only where the product knows late returns (processed → reversed).
   */
  function nextCheckAfter(status: RailStatus, at: Date, timings: RailTimings): Date | null {
    if (RAIL_IN_FLIGHT.includes(status)) return new Date(at.getTime() + timings.staleAfterMs);
    if (status === 'processed' && transitions.processed.includes('reversed')) {
      return new Date(at.getTime() + timings.returnCheckAfterMs);
    }
    return null;
  }

  return { nextStep, startMove, legalMove, handMove, nextCheckAfter };
}

export type RailMachine = ReturnType<typeof railMachine>;

function withDetails(facts: RailFacts, answer: { details?: RailDetails }): RailFacts {
  return answer.details ? { ...facts, details: answer.details } : facts;
}

function recheck(txn: RailView, answer: RailAnswer, now: Date, timings: RailTimings): NextStep {
  return {
    do: 'recheck',
    at: recheckAt(txn, now, timings),
    ...(answer.status === 'unknown' && { unknownBecause: answer.reason }),
  };
}

/** Why an admin may not settle this transaction by hand now; undefined when they may. */
export function handResolutionRefusal(
  txn: RailView,
  now: Date,
): 'not-processing' | 'send-in-flight' | undefined {
  if (txn.status !== 'processing') return 'not-processing';
  const sent = txn.sendStartedAt?.getTime();
  if (sent !== undefined && now.getTime() - sent < SEND_SETTLE_MS) return 'send-in-flight';
  return undefined;
}

/** The provider's answer settles the transaction (as opposed to pending, not-found, unknown). */
export function isFinal(
  answer: RailAnswer,
): answer is Extract<RailOutcome, { status: 'processed' | 'failed' | 'reversed' }> {
  return (
    answer.status === 'processed' || answer.status === 'failed' || answer.status === 'reversed'
  );
}

/**
 * The next enquiry about an unsettled transaction: the stale time after the first look, twice
 * as long each time after, never further apart than the product's `maxRecheckMs`.
 */
export function recheckAt(txn: RailView, now: Date, timings: RailTimings): Date {
  const backoff = Math.min(
    timings.maxRecheckMs,
    timings.staleAfterMs * 2 ** Math.min(txn.statusChecks, 10),
  );
  return new Date(now.getTime() + Math.max(backoff, 1000));
}

/** Late returns are asked about with growing gaps until the return window closes. */
export function nextReturnCheck(txn: RailView, now: Date, timings: RailTimings): Date | null {
  const finished = (txn.finishedAt ?? txn.updatedAt).getTime();
  const { returnWindowMs, returnCheckAfterMs } = timings;
  if (now.getTime() - finished >= returnWindowMs) return null;
  const gap = Math.max(returnCheckAfterMs, now.getTime() - finished, 1000);
  return new Date(Math.min(now.getTime() + gap, finished + returnWindowMs));
}
