import type { Paise } from './money.js';
import { returnClock } from './return-clock.js';

/**
 * The decisions of the payout commands as pure functions (issue 24): a handler loads the facts,
 * asks one of these, and commits what it answers. No I/O, no clock of their own.
 */

/** Why a payout request opens nothing. */
export type PayoutRequestRefusal = 'key-reused' | 'no-payee' | 'duplicate';

export interface PayoutRequestFacts {
  /** The keyed hash of this request (what would be paid, where, how). */
  requestHash: string;
  /** What an earlier request under the same Idempotency-Key opened, if one did. */
  earlier?: { requestHash: string };
  /** The saved beneficiary, approved AEPS account or partner payee was found. */
  payeeFound: boolean;
  /** A like payout lies in the duplicate window and the user did not confirm the repeat. */
  unconfirmedTwin: boolean;
}

export type PayoutRequestDecision =
  { do: 'replay' } | { do: 'open' } | { do: 'refuse'; because: PayoutRequestRefusal };

/**
 * What a payout request does, once its form passed: the same key with the same request replays
 * the earlier payout, with another request is refused; otherwise a missing payee, then an
 * unconfirmed twin refuse it; else it opens.
 */
export function decidePayoutRequest(facts: PayoutRequestFacts): PayoutRequestDecision {
  if (facts.earlier) {
    return facts.earlier.requestHash === facts.requestHash
      ? { do: 'replay' }
      : { do: 'refuse', because: 'key-reused' };
  }
  if (!facts.payeeFound) return { do: 'refuse', because: 'no-payee' };
  if (facts.unconfirmedTwin) return { do: 'refuse', because: 'duplicate' };
  return { do: 'open' };
}

/** Why a payout is owed no compensation. */
export type CompensationRefusal = 'already-paid' | 'not-failed' | 'paid-by-bank' | 'on-time';

export interface CompensationFacts {
  status: string;
  createdAt: Date;
  /** When it failed or came back (`updatedAt` for a payout from before `finished_at`). */
  finishedAt: Date | null;
  updatedAt: Date;
  /** A compensation is already on the ledger for it. */
  alreadyPaid: boolean;
  /** The bank paid it once (`processed` is on its stream) before it came back. */
  wasProcessed: boolean;
}

export type CompensationDecision =
  { pay: false; because: CompensationRefusal } | { pay: true; amount: Paise; daysLate: number };

/**
 * A late return's compensation (docs/decisions.md "Issue 14: compensation paid"): once per
 * payout, only for one that failed or was reversed before the bank paid it, ₹100 per India day
 * after T + 1, counted from its own dates.
 */
export function decideCompensation(facts: CompensationFacts): CompensationDecision {
  if (facts.alreadyPaid) return { pay: false, because: 'already-paid' };
  if (facts.status !== 'failed' && facts.status !== 'reversed') {
    return { pay: false, because: 'not-failed' };
  }
  if (facts.wasProcessed) return { pay: false, because: 'paid-by-bank' };
  const returnedAt = facts.finishedAt ?? facts.updatedAt;
  const clock = returnClock(facts.createdAt, returnedAt, returnedAt);
  if (clock.compensation <= 0) return { pay: false, because: 'on-time' };
  return { pay: true, amount: clock.compensation, daysLate: clock.daysLate };
}
