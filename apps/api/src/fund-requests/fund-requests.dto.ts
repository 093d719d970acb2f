import {
  ACCOUNT_NUMBER_MAX_DIGITS,
  ACCOUNT_NUMBER_MIN_DIGITS,
  fail,
  FUND_REQUEST_STATES,
  FundRequestMessages,
  isUuid,
  pagingOf,
  pass,
  type Check,
  type FundDecisionRequest,
  type FundRequestListRequest,
  type FundRequestState,
  type SaveCompanyBankAccountRequest,
} from '@khata/domain';
import { Allow } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';

/** Fund request lists (own and the approval queue): pages of up to 100, 20 by default. */
export const fundRequestsPaging = pagingOf(100, 20);

const absent = (value: unknown) => value === undefined || value === null || value === '';

function checkState(value: unknown): Check<FundRequestState | undefined> {
  if (absent(value)) return pass(undefined);
  return (FUND_REQUEST_STATES as readonly unknown[]).includes(value)
    ? pass(value as FundRequestState)
    : fail('State must be pending, approved or rejected.');
}

/**
 * The text fields of the multipart request form (the file is `proof`). Each is checked by the
 * handler, in the form's order, with the day of the clock it runs on.
 */
export class CreateFundRequestDto {
  @Allow() amount?: unknown;
  @Allow() mode?: unknown;
  @Allow() utr?: unknown;
  @Allow() bankAccountId?: unknown;
  @Allow() bankName?: unknown;
  @Allow() depositDate?: unknown;
  @Allow() remark?: unknown;
}

export class FundRequestListDto implements FundRequestListRequest {
  @Satisfies(checkState)
  state?: FundRequestState;

  @Satisfies(fundRequestsPaging.checkPage)
  page?: number;

  @Satisfies(fundRequestsPaging.checkPageSize)
  pageSize?: number;
}

export class FundDecisionDto implements FundDecisionRequest {
  @Satisfies((value) =>
    typeof value === 'string' && value ? pass(value) : fail(FundRequestMessages.notFound),
  )
  id!: string;

  @Satisfies((value) =>
    value === 'approve' || value === 'reject'
      ? pass(value)
      : fail(FundRequestMessages.actionInvalid),
  )
  action!: 'approve' | 'reject';

  @Allow()
  remark?: string;

  @Satisfies((value) =>
    absent(value) || isUuid(value)
      ? pass(absent(value) ? undefined : value)
      : fail(FundRequestMessages.lineNotFound),
  )
  statementLineId?: string;
}

const text = (max: number, message: string) => (value: unknown) =>
  typeof value === 'string' && value.trim() && value.trim().length <= max
    ? pass(value.trim())
    : fail(message);

export class SaveCompanyBankAccountDto implements SaveCompanyBankAccountRequest {
  @Satisfies((value) =>
    absent(value) || isUuid(value)
      ? pass(absent(value) ? undefined : value)
      : fail(FundRequestMessages.bankNotFound),
  )
  id?: string;

  @Satisfies(text(80, FundRequestMessages.bankNameRequired))
  bankName!: string;

  @Satisfies(text(120, FundRequestMessages.accountNameRequired))
  accountName!: string;

  @Satisfies((value) =>
    typeof value === 'string' &&
    new RegExp(`^[0-9]{${ACCOUNT_NUMBER_MIN_DIGITS},${ACCOUNT_NUMBER_MAX_DIGITS}}$`).test(
      value.trim(),
    )
      ? pass(value.trim())
      : fail(FundRequestMessages.accountNumberInvalid),
  )
  accountNumber!: string;

  @Satisfies((value) =>
    typeof value === 'string' && /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value.trim().toUpperCase())
      ? pass(value.trim().toUpperCase())
      : fail(FundRequestMessages.ifscInvalid),
  )
  ifsc!: string;

  @Satisfies((value) =>
    absent(value)
      ? pass(true)
      : typeof value === 'boolean'
        ? pass(value)
        : fail('Active must be true or false.'),
  )
  active?: boolean;
}

export class StatementMatchesDto {
  @Satisfies((value) => (isUuid(value) ? pass(value) : fail(FundRequestMessages.bankNotFound)))
  bankAccountId!: string;
}

/** The text field of the multipart statement upload (the file is `statement`). */
export class UploadStatementDto {
  @Allow() bankAccountId?: unknown;
}
