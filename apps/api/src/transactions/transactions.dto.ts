import {
  fail,
  isUuid,
  pagingOf,
  pass,
  TRANSACTION_STATUSES,
  type Check,
  type LedgerRequest,
  type MonthlyTotalsRequest,
  type TransactionListRequest,
  type TransactionRequest,
} from '@khata/domain';
import { isUserAccountKind, USER_ACCOUNT_KINDS, type UserAccountKind } from '@khata/ledger';
import { Satisfies } from '../common/http/satisfies.js';

/** `/user/transactions` and `/user/ledger`: pages of up to 100, 20 by default. */
export const statementPaging = pagingOf(100, 20);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const RECORD_ID = /^[A-Za-z0-9-]{1,64}$/;
const STATUSES: readonly string[] = TRANSACTION_STATUSES;

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** A calendar day, `YYYY-MM-DD`, that exists. */
export function checkDay(value: unknown): Check<string | undefined> {
  if (absent(value)) return pass(undefined);
  if (typeof value !== 'string' || !DAY.test(value)) return fail('Dates must read YYYY-MM-DD.');
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    ? pass(value)
    : fail('Dates must read YYYY-MM-DD.');
}

/** A calendar month, `YYYY-MM`. */
export function checkMonth(value: unknown): Check<string | undefined> {
  if (absent(value)) return pass(undefined);
  return typeof value === 'string' &&
    MONTH.test(value) &&
    Number(value.slice(5)) >= 1 &&
    Number(value.slice(5)) <= 12
    ? pass(value)
    : fail('Months must read YYYY-MM.');
}

export function checkStatus(value: unknown): Check<string | undefined> {
  if (absent(value)) return pass(undefined);
  return typeof value === 'string' && STATUSES.includes(value)
    ? pass(value)
    : fail(`Status must be one of ${STATUSES.join(', ')}.`);
}

export function checkType(value: unknown): Check<string | undefined> {
  if (absent(value)) return pass(undefined);
  return typeof value === 'string' && /^[A-Za-z.]{1,40}$/.test(value)
    ? pass(value)
    : fail('Type must be a transaction type such as payout or walletTransfer.');
}

export function checkUserId(value: unknown): Check<string | undefined> {
  if (absent(value)) return pass(undefined);
  return isUuid(value) ? pass(value) : fail('Unknown user.');
}

export function checkRecordId(value: unknown): Check<string> {
  return typeof value === 'string' && RECORD_ID.test(value)
    ? pass(value)
    : fail('Please give the id of a transaction.');
}

export function checkAccountKind(value: unknown): Check<UserAccountKind | undefined> {
  if (absent(value)) return pass(undefined);
  return isUserAccountKind(value)
    ? pass(value)
    : fail(`Account must be one of ${USER_ACCOUNT_KINDS.join(', ')}.`);
}

export function checkFlag(value: unknown): Check<boolean> {
  if (absent(value)) return pass(false);
  return typeof value === 'boolean' ? pass(value) : fail('system must be true or false.');
}

/** Optional values come through the checks, so `valueOf(checkX, body.x)` is the typed value. */
export function valueOf<T>(check: (value: unknown) => Check<T>, value: unknown): T {
  const result = check(value);
  if (!result.ok) throw new Error('value passed validation but does not check');
  return result.value;
}

export class RangeDto {
  @Satisfies(checkDay) from?: string;
  @Satisfies(checkDay) to?: string;
  @Satisfies(statementPaging.checkPage) page?: number | string;
  @Satisfies(statementPaging.checkPageSize) pageSize?: number | string;
}

/** API.md `/user/transactions`: from, to, type, status, page, pageSize. */
export class TransactionsDto extends RangeDto implements TransactionListRequest {
  @Satisfies(checkType) type?: string;
  @Satisfies(checkStatus) status?: string;
}

/** API.md `/user/transaction`: id. */
export class TransactionDto implements TransactionRequest {
  @Satisfies(checkRecordId) id!: string;
}

/** API.md `/user/ledger`: from, to, page, pageSize, userId (admin); `account` is an extension. */
export class LedgerDto extends RangeDto implements LedgerRequest {
  @Satisfies(checkUserId) userId?: string;
  @Satisfies(checkAccountKind) account?: UserAccountKind;
}

/** `/user/monthlyTotals` (extension): from and to months; admins may name a user or `system`. */
export class MonthlyTotalsDto implements MonthlyTotalsRequest {
  @Satisfies(checkMonth) from?: string;
  @Satisfies(checkMonth) to?: string;
  @Satisfies(checkUserId) userId?: string;
  @Satisfies(checkFlag) system?: boolean;
}
