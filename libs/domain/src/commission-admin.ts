import { addDays } from './business-day.js';
import { type Check, fail, pass } from './check.js';
import { CommissionMessages, percentToBasisPoints, TAX_KINDS, type TaxKind } from './commission.js';
import type {
  ProfitGroup,
  ProfitRecord,
  ProfitTotal,
  TaxRateRecord,
} from './contract/commissions.js';
import { isUuid } from './contract/ids.js';
import { Messages } from './messages.js';
import { type Paise, paiseToRupees } from './money.js';
import type { RoleKind } from './roles.js';

// The admin side of commissions as pure rules (issue 24): what a tax-rate change and a My
// profit request may be, whose profit a reader sees, and the sums the answers carry. The API
// loads and commits; these decide.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** My profit reads at most a year (leap day included). */
export const PROFIT_RANGE_DAYS_MAX = 366;

/** My profit reads the last 30 days when no range is given. */
export const PROFIT_DEFAULT_DAYS = 30;

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && ISO_DAY.test(value) && addDays(value, 0) === value;
}

/** A tax rate change as stored: basis points (1800 = 18%) from an India day on. */
export interface TaxRateChange {
  kind: TaxKind;
  rate: number;
  effectiveFrom: string;
}

/**
 * A new GST or TDS rate: a known kind, a percent in 0..100 with 2 decimals, and a day from
 * `today` (India) on; a past day's postings already used the rate then in force.
 */
export function checkTaxRateChange(
  body: { kind?: unknown; rate?: unknown; effectiveFrom?: unknown },
  today: string,
): Check<TaxRateChange> {
  if (!(TAX_KINDS as readonly unknown[]).includes(body.kind)) {
    return fail(CommissionMessages.taxKindInvalid);
  }
  const rate = percentToBasisPoints(body.rate);
  if (rate === undefined || rate < 0) return fail(CommissionMessages.taxRateInvalid);
  if (!isCalendarDay(body.effectiveFrom)) return fail(CommissionMessages.effectiveFromInvalid);
  if (body.effectiveFrom < today) return fail(CommissionMessages.effectiveFromPast);
  return pass({ kind: body.kind as TaxKind, rate, effectiveFrom: body.effectiveFrom });
}

/** A stored rate (basis points) as the wire carries it (percent). */
export function taxRateRecord(row: {
  id: string;
  kind: TaxKind;
  rate: number;
  effectiveFrom: string;
  createdAt: Date;
  createdBy: string | null;
}): TaxRateRecord {
  return { ...row, rate: row.rate / 100, createdAt: row.createdAt.toISOString() };
}

/** The days and grouping of a My profit read. */
export interface ProfitWindow {
  from: string;
  to: string;
  by: ProfitGroup;
}

/**
 * A My profit request's window: `from` and `to` default to the last 30 days up to `today`,
 * both real days, from not after to, at most a year apart; grouped by day (default) or month.
 */
export function checkProfitWindow(
  body: { from?: unknown; to?: unknown; groupBy?: unknown },
  today: string,
): Check<ProfitWindow> {
  const from = body.from ?? addDays(today, -PROFIT_DEFAULT_DAYS);
  const to = body.to ?? today;
  if (
    !isCalendarDay(from) ||
    !isCalendarDay(to) ||
    from > to ||
    addDays(from, PROFIT_RANGE_DAYS_MAX) < to
  ) {
    return fail(CommissionMessages.profitRangeInvalid);
  }
  const by = body.groupBy ?? 'day';
  if (by !== 'day' && by !== 'month') return fail(CommissionMessages.profitGroupInvalid);
  return pass({ from, to, by });
}

/**
 * Whose commissions a My profit reader sees: an admin every earner (null) or the one it names;
 * anyone else only its own, whatever it names. A named earner that is no user id is refused
 * with "User not found".
 */
export function profitEarnerOf(
  reader: { userId: string; kind: RoleKind },
  wanted: unknown,
): Check<string | null> {
  if (reader.kind !== 'admin') return pass(reader.userId);
  if (wanted === undefined || wanted === null || wanted === '') return pass(null);
  const earnerId = String(wanted);
  return isUuid(earnerId) ? pass(earnerId) : fail(Messages.userNotFound);
}

/** One earner's commission on one day or month as summed from the ledger: paise. */
export interface ProfitLine {
  period: string;
  userId: string;
  name: string;
  mobile: string;
  role: string;
  gross: Paise;
  tds: Paise;
  net: Paise;
  count: number;
}

/** A line as the wire carries it: rupees. */
export function profitRecord(line: ProfitLine): ProfitRecord {
  return {
    period: line.period,
    userId: line.userId,
    name: line.name,
    mobile: line.mobile,
    role: line.role,
    gross: paiseToRupees(line.gross),
    tds: paiseToRupees(line.tds),
    net: paiseToRupees(line.net),
    count: line.count,
  };
}

/** The total of the lines, summed in paise and then written in rupees (no float drift). */
export function profitTotal(lines: readonly ProfitLine[]): ProfitTotal {
  const total = lines.reduce(
    (sum, line) => ({
      gross: sum.gross + line.gross,
      tds: sum.tds + line.tds,
      net: sum.net + line.net,
    }),
    { gross: 0, tds: 0, net: 0 },
  );
  return {
    gross: paiseToRupees(total.gross),
    tds: paiseToRupees(total.tds),
    net: paiseToRupees(total.net),
  };
}
