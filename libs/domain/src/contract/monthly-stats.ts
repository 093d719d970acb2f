import { addDays, indiaDay, indiaMonth } from '../business-day.js';
import { fail, pass, type Check } from '../check.js';
import type { Ok } from './common.js';
import { isUuid } from './ids.js';
import type { StatementLine } from './transactions.js';

/**
 * Monthly stats (`/admin/monthlyStats`, issue 14): what moved in one India month, the four
 * reconciliation lines that prove it to the paisa, and the month's close. Admins only
 * (docs/decisions.md, "Issue 14: monthly stats and the day book"). Amounts are rupees.
 */

export const MonthlyStatsMessages = {
  monthInvalid: 'Please give a month as YYYY-MM.',
  monthInFuture: 'That month has not started yet.',
  monthNotEnded: 'A month can be closed only after it has ended in India.',
  notReconciled: 'This month does not reconcile: every line must be green before it is closed.',
  alreadyClosed: 'This month is already closed.',
  userInvalid: 'Unknown user.',
  dayAgoInvalid: 'Days ago must be a whole number from 0 (today) to 365.',
} as const;

/** The oldest day the day book opens, in days before today (India). */
export const DAY_BOOK_MAX_DAYS_AGO = 365;

/** A month, `YYYY-MM`. */
export function checkMonthText(value: unknown): Check<string> {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
    ? pass(value)
    : fail(MonthlyStatsMessages.monthInvalid);
}

/** A month `YYYY-MM` that has started in India by `now`. */
export function checkStatsMonth(value: unknown, now: Date): Check<string> {
  const month = checkMonthText(value);
  if (!month.ok) return month;
  return month.value > indiaMonth(now) ? fail(MonthlyStatsMessages.monthInFuture) : month;
}

/** `dayAgo`: a whole number 0..365, as a number or as the digits of the address. */
export function checkDayAgo(value: unknown): Check<number> {
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= DAY_BOOK_MAX_DAYS_AGO
    ? pass(n)
    : fail(MonthlyStatsMessages.dayAgoInvalid);
}

/** The India day `dayAgo` days before `now`'s, `YYYY-MM-DD`. */
export function dayBookDay(dayAgo: number, now: Date): string {
  return addDays(indiaDay(now), -dayAgo);
}

/** The month after `month` (`YYYY-MM`). */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `month` (`YYYY-MM`). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

export function checkOptionalUser(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null || value === '') return pass(undefined);
  return isUuid(value) ? pass(value) : fail(MonthlyStatsMessages.userInvalid);
}

export interface MonthlyStatsRequest {
  month: string;
}

export interface CountAmount {
  count: number;
  amount: number;
}

/**
 * AEPS at the counter (issue 26), done in the month: a transaction is in the ledger only once
 * the bank approved it, so every one counted here is processed. Rupees.
 */
export interface AepsMonthFigure extends CountAmount {
  /** The commission Khata paid on them: the shops' and uplines' gross (TDS included). */
  commission: number;
  /** Merchant fees charged (Aadhaar Pay), GST included. */
  fee: number;
}

/**
 * Bill payments (issue 27) asked for in the month and standing at one state now, counted as
 * the bill payment report counts them (by the day asked for). Rupees.
 */
export interface BbpsMonthFigure extends CountAmount {
  /** The customer convenience fee collected with the bills, apart from their amount. */
  ccf: number;
  /** The shops' own commission, gross (TDS included), as the report's column: uplines' apart. */
  commission: number;
}

/** Payouts (or AEPS settlements) asked for in the month, by where each stands now. */
export interface StatusFigure extends CountAmount {
  status: string;
  fee: number;
}

/** An event of the ledger, as a reconciliation line names it. */
export interface EventRef {
  seq: string;
  type: string;
  stream: string;
}

export interface ReconciliationDifference {
  /** What disagrees, in words. */
  what: string;
  /** Expected less found, rupees to the paisa. */
  difference: number;
  events: EventRef[];
}

export type ReconciliationKey = 'eventsBalance' | 'float' | 'readModel' | 'taxes';

export interface ReconciliationLine {
  key: ReconciliationKey;
  label: string;
  ok: boolean;
  figures: { label: string; value: number }[];
  differences: ReconciliationDifference[];
}

/** One bar of the chart: a day, a service and a status. */
export interface DailyVolume {
  day: string;
  service: string;
  status: string;
  count: number;
  amount: number;
}

export interface MonthCloseInfo {
  closedAt: string;
  closedBy: { id: string; name: string | null; mobile: string | null };
}

export interface MonthlyStats {
  month: string;
  /** Has the month ended in India? Only then can it be closed. */
  ended: boolean;
  credits: {
    /** Fund requests an admin approved: Khata's money into a wallet. */
    fundRequests: CountAmount;
    /** Fund requests an upline approved from its own wallet (wallet to wallet). */
    fundRequestsFromUplines: CountAmount;
    adminCredits: CountAmount;
    /** Payment gateway top-ups: none are built yet, so always zero for now. */
    paymentGateway: CountAmount;
    /** Compensation for late returns (issue 14): Khata's expense account into wallets. */
    compensation: CountAmount;
  };
  debits: { adminDebits: CountAmount };
  transfers: CountAmount;
  payouts: StatusFigure[];
  aepsSettlements: StatusFigure[];
  /** DMT transfers for walk-in customers (issue 25) asked for in the month, by status now. */
  dmtTransfers: StatusFigure[];
  /** AEPS at the counter (issue 26): cash withdrawals and Aadhaar Pay the banks approved. */
  aeps: { withdrawals: AepsMonthFigure; aadhaarPay: AepsMonthFigure };
  /**
   * Bill payments through Bharat BillPay (issue 27) asked for in the month: `paid` equals the
   * bill payment report's totals for the month; `pending` are still with BBPS (money held);
   * `failed` gave every paisa back.
   */
  bbps: { paid: BbpsMonthFigure; pending: BbpsMonthFigure; failed: BbpsMonthFigure };
  /** Money that left for the banks (bank settlement, net of returns). */
  paidToBanks: number;
  fees: {
    /** Every fee charged on a processed payout, less those returned. */
    charged: number;
    companyIncome: number;
    commissions: number;
    tds: number;
    gst: number;
  };
  float: { opening: number; movements: number; closing: number };
  reconciliation: ReconciliationLine[];
  reconciled: boolean;
  daily: DailyVolume[];
  closed: MonthCloseInfo | null;
}

export interface MonthlyStatsAnswer extends Ok {
  data: MonthlyStats;
}

export interface CloseMonthAnswer extends Ok {
  message: string;
  closed: MonthCloseInfo;
}

/** `/admin/myAccount/:dayAgo`: the day book of one India day. */
export interface DayBookRequest {
  dayAgo: number;
  /** An admin may read another user's. */
  userId?: string;
}

export interface DayBookTotal {
  service: string;
  label: string;
  count: number;
  credit: number;
  debit: number;
}

export interface DayBookAnswer extends Ok {
  day: string;
  dayAgo: number;
  user: { id: string; name: string; mobile: string };
  openingBalance: number;
  closingBalance: number;
  lines: StatementLine[];
  totals: DayBookTotal[];
  totalCredit: number;
  totalDebit: number;
}
