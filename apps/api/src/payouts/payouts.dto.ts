import {
  checkAccountNumber,
  checkCustomerMessage,
  checkIfsc,
  checkPreviousTransactionsLimit,
  checkResolveReason,
  fail,
  isPayoutKind,
  isUuid,
  pagingOf,
  pass,
  payoutKindOfBodyType,
  type PayoutKind,
  type Check,
  type PayoutIdRequest,
  type PaymentQuoteRequest,
  type PayoutRequest,
  type ResolvePayoutRequest,
  type StuckPayoutsRequest,
  type PaymentOperationsRequest,
  type CheckLastTransactionRequest,
} from '@khata/domain';
import { Allow } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';
import { PayoutMessages } from './payout-messages.js';

/** `type` of spec §7's transfer body: a bank payout (default) or an AEPS settlement (ours). */
export function checkPayoutType(value: unknown): Check<PayoutKind> {
  const kind = payoutKindOfBodyType(value);
  return kind ? pass(kind) : fail(PayoutMessages.typeInvalid);
}

function checkFlag(value: unknown): Check<boolean> {
  if (value === undefined || value === null) return pass(false);
  return typeof value === 'boolean' ? pass(value) : fail('confirmDuplicate must be true or false.');
}

/**
 * spec §7 `/payment/bankTransfer` and `/admin/unlimitedPayout`: amount, beneficiaryName,
 * beneficiaryAccountNumber, beneficiaryIfscCode, paymentMode, type; PIN in the header. The
 * form is judged whole by libs/domain's `checkPayoutForm` in the handler (the spec's order,
 * the header PIN last), so the fields here are only let through: they stay `unknown` rather
 * than `implements PayoutRequest`, which would claim a type nothing has checked yet. The one
 * checked field, `type`, holds the kind (libs/domain PayoutKind) once validated.
 */
export class PayoutDto implements Pick<PayoutRequest, 'confirmDuplicate'> {
  @Allow()
  amount?: unknown;

  @Allow()
  beneficiaryName?: unknown;

  @Allow()
  beneficiaryAccountNumber?: unknown;

  @Allow()
  beneficiaryIfscCode?: unknown;

  @Allow()
  paymentMode?: unknown;

  /** Sent as `payout`, `bank` or `aeps`; once validated, the kind of payout it names. */
  @Satisfies(checkPayoutType)
  type?: PayoutKind;

  /** Ours: sent again after the user confirmed a repeat within the 20-minute window. */
  @Satisfies(checkFlag)
  confirmDuplicate?: boolean;
}

/**
 * Issue 23 `/payment/quote`: amount and paymentMode are judged in the handler with the
 * transfer's own amount rule (which needs the mode and the cap), so they are only let through.
 */
export class PaymentQuoteDto implements Pick<PaymentQuoteRequest, 'unlimited'> {
  @Allow()
  amount?: unknown;

  @Allow()
  paymentMode?: unknown;

  /** Sent as `payout`, `bank` or `aeps`; once validated, the kind of payout it names. */
  @Satisfies(checkPayoutType)
  type?: PayoutKind;

  @Satisfies(checkUnlimited)
  unlimited?: boolean;
}

function checkUnlimited(value: unknown): Check<boolean> {
  if (value === undefined || value === null) return pass(false);
  return typeof value === 'boolean' ? pass(value) : fail('unlimited must be true or false.');
}

/** spec §7 `/user/checkLastTransaction`: body accountNumber, ifsc, limit (default 5, at most 20). */
export class CheckLastTransactionDto implements CheckLastTransactionRequest {
  @Satisfies(checkAccountNumber)
  accountNumber!: string;

  @Satisfies(checkIfsc)
  ifsc!: string;

  @Satisfies(checkPreviousTransactionsLimit)
  limit?: number | string;
}

function checkId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail('Please choose a payout.');
}

function checkMinutes(value: unknown): Check<number> {
  if (value === undefined || value === null) return pass(10);
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 7 * 24 * 60
    ? pass(value as number)
    : fail('olderThanMinutes must be a whole number of minutes, at most a week.');
}

/** The stuck list is one page: `limit` is its page size, up to 100, 50 by default. */
export const stuckPaging = pagingOf(100, 50, 'limit');

/** Admin: payouts still queued or processing after `olderThanMinutes` (default 10). */
export class StuckPayoutsDto implements StuckPayoutsRequest {
  @Satisfies(checkMinutes)
  olderThanMinutes?: number;

  @Satisfies(stuckPaging.checkPageSize)
  limit?: number;
}

export class PayoutIdDto implements PayoutIdRequest {
  @Satisfies(checkId)
  id!: string;
}

function checkResolution(value: unknown): Check<'processed' | 'failed'> {
  return value === 'processed' || value === 'failed'
    ? pass(value)
    : fail('Status must be processed or failed.');
}

function checkUtr(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null || value === '') return pass(undefined);
  return typeof value === 'string' && /^[A-Za-z0-9]{6,35}$/.test(value)
    ? pass(value)
    : fail('The UTR must be 6 to 35 letters or digits.');
}

/**
 * Admin: settles a payout the rail cannot answer for, by hand, with an audited reason. Only a
 * payout still in flight can be resolved; `processed` needs the bank's UTR. The reason stays in
 * the audit log; a failed payout's receipt shows `customerMessage` instead.
 */
export class ResolvePayoutDto implements ResolvePayoutRequest {
  @Satisfies(checkId)
  id!: string;

  @Satisfies(checkResolution)
  status!: 'processed' | 'failed';

  @Satisfies(checkUtr)
  utr?: string;

  /** Internal: the audit log only (issue 23). */
  @Satisfies(checkResolveReason)
  reason!: string;

  /** What a failed payout's receipt tells the customer; blank gives the standard sentence. */
  @Satisfies(checkCustomerMessage)
  customerMessage?: string;
}

function checkOperationsMinutes(value: unknown): Check<number> {
  if (value === undefined || value === null || value === '') return pass(10);
  const minutes = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  return Number.isInteger(minutes) && (minutes as number) >= 0 && (minutes as number) <= 24 * 60
    ? pass(minutes as number)
    : fail('olderThanMinutes must be a whole number of minutes, at most a day.');
}

function checkOperationsKind(value: unknown): Check<PayoutKind | null> {
  if (value === undefined || value === null || value === '') return pass(null);
  return isPayoutKind(value) ? pass(value) : fail('kind must be payout or aepsSettlement.');
}

/** Admin (issue 14): the payment operations list; both fields optional. */
export class PaymentOperationsDto implements Omit<PaymentOperationsRequest, 'kind'> {
  @Satisfies(checkOperationsMinutes)
  olderThanMinutes?: number;

  /** Once validated, the kind, or null for both. */
  @Satisfies(checkOperationsKind)
  kind?: PayoutKind | null;
}
