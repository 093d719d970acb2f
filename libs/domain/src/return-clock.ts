import { addDays, indiaDay, indiaDayStart } from './business-day.js';
import type { Paise } from './money.js';

/**
 * The regulator's clock on a payout that did not reach its beneficiary (RBI's turnaround-time
 * circular of 20 September 2019, IMPS row): the money must be back with the customer by
 * T + 1, where T is the calendar day of the transaction, and each day after that costs ₹100
 * in compensation. Days are India's calendar days (Asia/Kolkata), Sundays and bank holidays
 * included, as the circular counts them (docs/decisions.md, "Issue 14: payment operations").
 */
export const RETURN_DEADLINE_DAYS = 1;
export const LATE_RETURN_COMPENSATION_PER_DAY: Paise = 100_00;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReturnClock {
  /** T: the India calendar day the payout was asked for, `YYYY-MM-DD`. */
  transactionDay: string;
  /** The last moment the money may come back on time: the end of T + 1 in India. */
  deadline: Date;
  /** Whole India days after T + 1 on which the money was (or still is) not back. */
  daysLate: number;
  /** `daysLate` × ₹100, in paise. */
  compensation: Paise;
}

/**
 * The clock of a payout asked for at `startedAt`: returned at `returnedAt`, or still out at
 * `now` (null `returnedAt`). A return on T or T + 1 is on time; on T + 2 one day late. Another
 * rail passes its own turnaround (`deadlineDays`: AEPS's failed debit is T + 5).
 */
export function returnClock(
  startedAt: Date,
  returnedAt: Date | null,
  now: Date,
  deadlineDays = RETURN_DEADLINE_DAYS,
): ReturnClock {
  const transactionDay = indiaDay(startedAt);
  const lastDay = addDays(transactionDay, deadlineDays);
  const deadline = new Date(indiaDayStart(addDays(lastDay, 1)).getTime() - 1);
  const endDay = indiaDay(returnedAt ?? now);
  const daysLate = Math.max(0, daysBetween(lastDay, endDay));
  return {
    transactionDay,
    deadline,
    daysLate,
    compensation: daysLate * LATE_RETURN_COMPENSATION_PER_DAY,
  };
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  return Math.round((indiaDayStart(to).getTime() - indiaDayStart(from).getTime()) / DAY_MS);
}
