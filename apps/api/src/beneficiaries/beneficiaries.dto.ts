import {
  type BeneficiaryForm,
  type Check,
  checkAccountToVerify,
  checkBeneficiaryForm,
  checkMobile,
  fail,
  isUuid,
  pass,
  type CreateAepsBeneficiaryRequest,
  type CreateBeneficiaryRequest,
  type DecideAepsBeneficiaryRequest,
  type DeleteBeneficiaryRequest,
  type ListAepsRequestsRequest,
  type ListBeneficiariesRequest,
  type VerifyBankAccountRequest,
  type VerifyBeneficiaryRequest,
} from '@khata/domain';
import { Allow, registerDecorator, type ValidationArguments } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';
import { BeneficiaryMessages as M } from './beneficiary-messages.js';
import type { BeneficiaryStatus, BeneficiaryType } from './beneficiaries.repository.js';
import { valueOf } from '../common/http/value-of.js';

const TEXT_MAX = 120;
const REMARK_MAX = 200;

type Body = Record<string, unknown>;

/**
 * A rule over the whole body, on its first field: the spec's form rules are judged together
 * ("Please fill in all required fields." before any one field's format), so the first message
 * a client sees is the one the console's form would show.
 */
function SatisfiesBody(check: (body: Body) => Check<unknown>) {
  return (target: object, propertyName: string): void => {
    registerDecorator({
      name: 'satisfiesBody',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) => check(bodyOf(args)).ok,
        defaultMessage: (args?: ValidationArguments) => {
          const result = check(bodyOf(args));
          return result.ok ? '' : result.message;
        },
      },
    });
  };
}

const bodyOf = (args?: ValidationArguments): Body => (args?.object ?? {}) as Body;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

function optionalText(field: string, max = TEXT_MAX) {
  return (value: unknown): Check<string | undefined> => {
    if (isAbsent(value)) return pass(undefined);
    if (typeof value !== 'string') return fail(`${field} must be text.`);
    return value.trim().length <= max ? pass(value.trim()) : fail(M.textTooLong(field));
  };
}

function checkId(value: unknown): Check<string> {
  return typeof value === 'string' && isUuid(value.trim())
    ? pass(value.trim().toLowerCase())
    : fail(M.chooseBeneficiary);
}

/** The four fields of spec §5 (bank, IFSC, account number, name), with the account body names. */
export function checkBeneficiaryBody(body: Body): Check<BeneficiaryForm> {
  const form = checkBeneficiaryForm({
    bankName: body.bankName,
    ifscCode: body.IfscCode,
    accountNumber: body.AccountNo,
    name: body.name,
  });
  if (!form.ok) return form;
  if (form.value.name.length > TEXT_MAX) return fail(M.textTooLong('Name'));
  if (form.value.bankName.length > TEXT_MAX) return fail(M.textTooLong('Bank name'));
  return form;
}

/** `type` of createBeneficiary: a wallet payout (default) or DMT with the remitter's OTP. */
export function checkBeneficiaryType(value: unknown): Check<BeneficiaryType> {
  if (isAbsent(value)) return pass('payout');
  const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
  // eslint-disable-next-line no-restricted-syntax -- a beneficiary type ('payout' | 'dmt'), not a payout kind
  return type === 'payout' || type === 'dmt' ? pass(type) : fail(M.typeInvalid);
}

/** The remitter's mobile (`mobile`): where the DMT OTP goes, so required for dmt only. */
function checkRemitterMobile(body: Body): Check<string | undefined> {
  const type = checkBeneficiaryType(body.type);
  if (isAbsent(body.mobile) && !(type.ok && type.value === 'dmt')) return pass(undefined);
  return checkMobile(body.mobile);
}

function checkOptionalMobile(value: unknown): Check<string | undefined> {
  if (isAbsent(value)) return pass(undefined);
  const mobile = checkMobile(value);
  return mobile.ok ? mobile : fail(M.beneficiaryMobileInvalid);
}

/** The console sends the status it showed; the server decides it (see the handlers). */
function checkClaimedStatus(value: unknown): Check<BeneficiaryStatus | undefined> {
  if (isAbsent(value)) return pass(undefined);
  return value === 'verified' || value === 'pending' ? pass(value) : fail(M.statusInvalid);
}

function checkConsent(value: unknown): Check<true> {
  const given =
    value === true ||
    (typeof value === 'string' && ['y', 'yes', 'true', '1'].includes(value.trim().toLowerCase()));
  return given ? pass(true) : fail(M.consentRequired);
}

function checkOtp(value: unknown): Check<string> {
  if (isAbsent(value)) return fail(M.otpRequired);
  return typeof value === 'string' && /^\d{6}$/.test(value.trim())
    ? pass(value.trim())
    : fail(M.otpFormat);
}

function checkReferenceKey(value: unknown): Check<string> {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 100
    ? pass(value.trim())
    : fail(M.referenceKeyRequired);
}

export type ListType = BeneficiaryType | 'aeps';

function checkListType(value: unknown): Check<ListType | undefined> {
  if (isAbsent(value)) return pass(undefined);
  const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
  // eslint-disable-next-line no-restricted-syntax -- a beneficiary type ('payout' | 'dmt'), not a payout kind
  return type === 'payout' || type === 'dmt' || type === 'aeps'
    ? pass(type)
    : fail(M.listTypeInvalid);
}

function checkAction(value: unknown): Check<'approve' | 'reject'> {
  return value === 'approve' || value === 'reject' ? pass(value) : fail(M.actionInvalid);
}

function checkRemark(value: unknown): Check<string | undefined> {
  if (isAbsent(value)) return pass(undefined);
  if (typeof value !== 'string') return fail('Remark must be text.');
  return value.trim().length <= REMARK_MAX ? pass(value.trim()) : fail(M.remarkTooLong);
}

/** spec §7 `/user/createBeneficiary`. `referenceKey` and `reqType` are accepted and unused. */
export class CreateBeneficiaryDto implements CreateBeneficiaryRequest {
  @SatisfiesBody(checkBeneficiaryBody)
  AccountNo!: string;

  @Allow()
  IfscCode!: string;

  @Allow()
  name!: string;

  @Allow()
  bankName!: string;

  @Satisfies(checkBeneficiaryType)
  type?: string;

  @SatisfiesBody(checkRemitterMobile)
  mobile?: string;

  @Satisfies(checkOptionalMobile)
  beneficiaryMobileNumber?: string;

  @Satisfies(checkClaimedStatus)
  status?: string;

  @Satisfies(optionalText('Reference key', 100))
  referenceKey?: string;

  @Satisfies(optionalText('Request type', 40))
  reqType?: string;
}

/** spec §7 `/user/createAepsBeneficiary`: body AccountNo, IfscCode, name, bankName, status. */
export class CreateAepsBeneficiaryDto implements CreateAepsBeneficiaryRequest {
  @SatisfiesBody(checkBeneficiaryBody)
  AccountNo!: string;

  @Allow()
  IfscCode!: string;

  @Allow()
  name!: string;

  @Allow()
  bankName!: string;

  @Satisfies(checkClaimedStatus)
  status?: string;
}

/** spec §7 `/user/verifyBankAccount`: body name, accountNumber, ifscCode, consent, type. */
export class VerifyBankAccountDto implements VerifyBankAccountRequest {
  @SatisfiesBody((body) =>
    checkAccountToVerify({ accountNumber: body.accountNumber, ifscCode: body.ifscCode }),
  )
  accountNumber!: string;

  @Allow()
  ifscCode!: string;

  @Satisfies(checkConsent)
  consent!: unknown;

  @Satisfies(optionalText('Name'))
  name?: string;

  @Satisfies(checkListType)
  type?: string;
}

/** spec §7 `/user/verifyBeneficiary`: body remitterMobileNumber, referenceKey, otp, beneficiaryId. */
export class VerifyBeneficiaryDto implements VerifyBeneficiaryRequest {
  @Satisfies(checkOtp)
  otp!: string;

  @Satisfies(checkMobile)
  remitterMobileNumber!: string;

  @Satisfies(checkReferenceKey)
  referenceKey!: string;

  @Satisfies(checkId)
  beneficiaryId!: string;
}

/** spec §7 `DELETE /user/deleteBeneficiary`: body id. */
export class DeleteBeneficiaryDto implements DeleteBeneficiaryRequest {
  @Satisfies(checkId)
  id!: string;
}

/** spec §7 `/user/getBeneficiaryList` (request "not shown"): optional type and search. */
export class ListBeneficiariesDto implements ListBeneficiariesRequest {
  @Satisfies(checkListType)
  type?: string;

  @Satisfies(optionalText('Search', 100))
  search?: string;
}

/** Ours: `/admin/approveAepsBeneficiary`. */
export class DecideAepsBeneficiaryDto implements DecideAepsBeneficiaryRequest {
  @Satisfies(checkId)
  id!: string;

  @Satisfies(checkAction)
  action!: string;

  @Satisfies(checkRemark)
  remark?: string;
}

/** Ours: `/admin/getAepsBeneficiaries`. */
export class ListAepsRequestsDto implements ListAepsRequestsRequest {
  @Satisfies((value) =>
    isAbsent(value) || value === 'pending' || value === 'approved' || value === 'rejected'
      ? pass(value)
      : fail('Status must be pending, approved or rejected.'),
  )
  status?: string;
}

export const parsed = {
  beneficiaryForm: (body: Body) => valueOf(checkBeneficiaryBody(body)),
  type: (value: unknown) => valueOf(checkBeneficiaryType(value)),
  remitterMobile: (body: Body) => valueOf(checkRemitterMobile(body)) ?? null,
  beneficiaryMobile: (value: unknown) => valueOf(checkOptionalMobile(value)) ?? null,
  accountToVerify: (body: Body) =>
    valueOf(checkAccountToVerify({ accountNumber: body.accountNumber, ifscCode: body.ifscCode })),
  id: (value: unknown) => valueOf(checkId(value)),
  otp: (value: unknown) => valueOf(checkOtp(value)),
  mobile: (value: unknown) => valueOf(checkMobile(value)),
  referenceKey: (value: unknown) => valueOf(checkReferenceKey(value)),
  listType: (value: unknown) => valueOf(checkListType(value)),
  search: (value: unknown) => valueOf(optionalText('Search', 100)(value)),
  action: (value: unknown) => valueOf(checkAction(value)),
  remark: (value: unknown) => valueOf(checkRemark(value)) ?? null,
};
