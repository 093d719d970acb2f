import { indiaDayRange } from '../business-day.js';
import { blank, fail, pass, type Check } from '../check.js';
import type { Ok } from './common.js';
import { isUuid } from './ids.js';
import { pagingOf } from './paging.js';
import {
  TRANSACTION_STATUSES,
  isTransactionKind,
  type TransactionKind,
  type TransactionStatus,
} from './transaction-kinds.js';
import type { TransactionRecord } from './transactions.js';

/**
 * The transaction report engine (issue 14, "one report engine"): `POST /api/reports/transactions`
 * (a page, with totals of the whole filtered set) and `POST /api/reports/transactions.csv` (the
 * whole filtered set, streamed). Every transaction screen is this engine with a preset.
 */

/** The longest range one request reads, in India's days, both ends counted (as Logs). */
export const REPORT_MAX_DAYS = 92;
/** With no dates given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_PAGE_SIZE_DEFAULT = 20;
export const REPORT_PAGE_SIZE_MAX = 100;
export const reportPaging = pagingOf(REPORT_PAGE_SIZE_MAX, REPORT_PAGE_SIZE_DEFAULT);

/**
 * A screen's preset: which transaction types it reads. `transactions` is every type
 * (Transaction Report); the others fix the type (`/admin/transactions` bank payouts,
 * `/admin/walletTransactions` wallet transfers, `/admin/aepsPayments` AEPS settlements,
 * `dmtTransfers` DMT transfers for walk-in customers, issue 25).
 */
export const REPORT_PRESETS = {
  transactions: null,
  payouts: ['payout'],
  walletTransfers: ['walletTransfer'],
  aepsSettlements: ['aepsSettlement'],
  dmtTransfers: ['dmt'],
} as const satisfies Record<string, readonly TransactionKind[] | null>;
export type ReportPreset = keyof typeof REPORT_PRESETS;

/** The keys a report may be sorted by (a whitelist: anything else is refused). */
export const REPORT_SORT_KEYS = ['createdAt', 'amount', 'fee', 'status', 'type'] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export type ReportOrder = 'asc' | 'desc';

export const ReportMessages = {
  presetInvalid: `Report must be one of ${Object.keys(REPORT_PRESETS).join(', ')}.`,
  dateInvalid: 'Dates must read YYYY-MM-DD.',
  rangeBackwards: 'The start date comes after the end date.',
  rangeTooLong: `Choose a range of at most ${REPORT_MAX_DAYS} days.`,
  statusInvalid: `Status must be one of ${TRANSACTION_STATUSES.join(', ')}.`,
  typeInvalid: 'Type must be a transaction type such as payout or walletTransfer.',
  typeOutsidePreset: 'This report does not hold that type of transaction.',
  searchInvalid: 'Search for an order id, a UTR, an account number or a mobile number.',
  userInvalid: 'Unknown user.',
  subtreeInvalid: 'subtree must be true or false.',
  subtreeWithoutUser: 'Choose a user to include their network.',
  sortInvalid: `Sort must be one of ${REPORT_SORT_KEYS.join(', ')}.`,
  orderInvalid: 'Order must be asc or desc.',
  ...reportPaging.messages,
} as const;

/** What a transaction report asks for; every field optional. */
export interface TransactionReportRequest {
  report?: ReportPreset;
  /** India's days, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  status?: TransactionStatus;
  type?: TransactionKind;
  /** An order id (`KH0000000123`), a UTR, an account number or a mobile number, exactly. */
  search?: string;
  /** A user of the caller's network; absent, the caller's whole scope. */
  userId?: string;
  /** With `userId`: that user and its whole downline. */
  subtree?: boolean;
  sort?: ReportSortKey;
  order?: ReportOrder;
  page?: number;
  pageSize?: number;
}

/** Whose row it is: the party whose side of the transaction the row shows. */
export interface ReportParty {
  id: string;
  name: string;
  mobile: string;
  /** Its shop: the receipt reprinted from the report is headed by it. */
  shopName: string | null;
}

export interface TransactionReportRow extends TransactionRecord {
  user: ReportParty;
}

/** Totals of one status, rupees: each transaction once. */
export interface ReportStatusTotal {
  status: string;
  count: number;
  amount: number;
  fee: number;
}

/**
 * Totals of the whole filtered set (every page), rupees, each transaction counted once (a
 * transfer whose two sides are both in the set is one transaction, not two rows).
 */
export interface ReportTotals {
  /** Transactions in the set, whatever their status. */
  count: number;
  /** Amount that moved: transactions in MONEY_MOVED_STATUSES only, without the fee. */
  amount: number;
  /** Fees charged: those of the same transactions (a failed or reversed payment's fee came back). */
  fee: number;
  /** Each status on its own: how many, their amount and fee. */
  byStatus: ReportStatusTotal[];
}

export interface TransactionReportAnswer extends Ok {
  data: TransactionReportRow[];
  total: number;
  page: number;
  pageSize: number;
  /** The range read, defaults filled in. */
  from: string;
  to: string;
  totals: ReportTotals;
}

export function checkReportPreset(value: unknown): Check<ReportPreset | undefined> {
  if (blank(value)) return pass(undefined);
  return typeof value === 'string' && Object.hasOwn(REPORT_PRESETS, value)
    ? pass(value as ReportPreset)
    : fail(ReportMessages.presetInvalid);
}

export function checkReportDay(value: unknown): Check<string | undefined> {
  if (blank(value)) return pass(undefined);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return fail(ReportMessages.dateInvalid);
  }
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
    ? pass(value)
    : fail(ReportMessages.dateInvalid);
}

export function checkReportStatus(value: unknown): Check<TransactionStatus | undefined> {
  if (blank(value)) return pass(undefined);
  return typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value)
    ? pass(value as TransactionStatus)
    : fail(ReportMessages.statusInvalid);
}

export function checkReportType(value: unknown): Check<TransactionKind | undefined> {
  if (blank(value)) return pass(undefined);
  return isTransactionKind(value) ? pass(value) : fail(ReportMessages.typeInvalid);
}

/** Digits, letters and dashes only: an order id, a UTR, an account or mobile number. */
export function checkReportSearch(value: unknown): Check<string | undefined> {
  if (blank(value)) return pass(undefined);
  if (typeof value !== 'string') return fail(ReportMessages.searchInvalid);
  const trimmed = value.trim();
  if (trimmed === '') return pass(undefined);
  return /^[A-Za-z0-9-]{3,40}$/.test(trimmed) ? pass(trimmed) : fail(ReportMessages.searchInvalid);
}

export function checkReportUser(value: unknown): Check<string | undefined> {
  if (blank(value)) return pass(undefined);
  return isUuid(value) ? pass(value) : fail(ReportMessages.userInvalid);
}

export function checkReportSubtree(value: unknown): Check<boolean> {
  if (blank(value)) return pass(false);
  return typeof value === 'boolean' ? pass(value) : fail(ReportMessages.subtreeInvalid);
}

export function checkReportSort(value: unknown): Check<ReportSortKey> {
  if (blank(value)) return pass('createdAt');
  return typeof value === 'string' && (REPORT_SORT_KEYS as readonly string[]).includes(value)
    ? pass(value as ReportSortKey)
    : fail(ReportMessages.sortInvalid);
}

export function checkReportOrder(value: unknown): Check<ReportOrder> {
  if (blank(value)) return pass('desc');
  return value === 'asc' || value === 'desc' ? pass(value) : fail(ReportMessages.orderInvalid);
}

export const { checkPage: checkReportPage, checkPageSize: checkReportPageSize } = reportPaging;

/** The range read: defaults filled in from `now` (India's today), then its order and span checked. */
export function reportRange(
  from: string | undefined,
  to: string | undefined,
  now: Date = new Date(),
): Check<{ from: string; to: string }> {
  return indiaDayRange(
    { from, to },
    {
      defaultDays: REPORT_DEFAULT_DAYS,
      maxDays: REPORT_MAX_DAYS,
      backwards: ReportMessages.rangeBackwards,
      tooLong: ReportMessages.rangeTooLong,
    },
    now,
  );
}

/** The types a preset and an asked-for type leave: null is every type. */
export function reportTypes(
  preset: ReportPreset,
  type: TransactionKind | undefined,
): Check<readonly TransactionKind[] | null> {
  const fixed: readonly TransactionKind[] | null = REPORT_PRESETS[preset];
  if (!type) return pass(fixed);
  if (fixed && !fixed.includes(type)) return fail(ReportMessages.typeOutsidePreset);
  return pass([type]);
}
