import {
  type AddDmtBeneficiaryRequest,
  type Check,
  checkAccountNumber,
  checkCustomerOtp,
  checkIfsc,
  checkMobile,
  checkPersonName,
  checkPinCode,
  checkRemitterAddress,
  type ConfirmDmtBeneficiaryRequest,
  type DeleteDmtBeneficiaryRequest,
  DmtMessages,
  DMT_BANK_NAME_MAX_LENGTH,
  fail,
  isRemitterDocumentType,
  isSafeText,
  isUuid,
  pass,
  type RegisterRemitterRequest,
  type RemitterDocumentType,
  type RemitterEkycRequest,
  type RemitterLookupRequest,
  type VerifyRemitterRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

function checkRemitterName(value: unknown): Check<string> {
  return checkPersonName(value, DmtMessages.remitterNameInvalid);
}

function checkBeneficiaryName(value: unknown): Check<string> {
  return checkPersonName(value, DmtMessages.beneficiaryNameInvalid);
}

/** The shape of a date (`YYYY-MM-DD`); whether the person is an adult is judged on the clock. */
function checkDayText(value: unknown): Check<string> {
  if (isAbsent(value)) return fail(DmtMessages.dateOfBirthRequired);
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())
    ? pass(value.trim())
    : fail(DmtMessages.dateOfBirthInvalid);
}

function checkDocumentType(value: unknown): Check<RemitterDocumentType> {
  if (isAbsent(value)) return fail(DmtMessages.documentTypeRequired);
  return isRemitterDocumentType(value) ? pass(value) : fail(DmtMessages.documentTypeInvalid);
}

/** Present and text; its format is the document type's (checkRemitterDocument, in the handler). */
function checkDocumentNumberText(value: unknown): Check<string> {
  if (typeof value !== 'string' || value.trim() === '') {
    return fail(DmtMessages.documentNumberRequired);
  }
  return value.length <= 40 ? pass(value) : fail(DmtMessages.documentNumberRequired);
}

function checkBankName(value: unknown): Check<string> {
  if (typeof value !== 'string' || value.trim() === '') return fail(DmtMessages.bankNameRequired);
  const bankName = value.trim().replace(/\s+/g, ' ');
  return bankName.length <= DMT_BANK_NAME_MAX_LENGTH && isSafeText(bankName)
    ? pass(bankName)
    : fail(DmtMessages.bankNameInvalid);
}

function checkBeneficiaryId(value: unknown): Check<string> {
  return typeof value === 'string' && isUuid(value.trim())
    ? pass(value.trim().toLowerCase())
    : fail(DmtMessages.beneficiaryIdInvalid);
}

function checkOptionalFlag(value: unknown): Check<boolean> {
  if (value === undefined || value === null) return pass(false);
  return typeof value === 'boolean' ? pass(value) : fail('verify must be true or false.');
}

function checkEkycMethod(value: unknown): Check<'otp' | 'biometric'> {
  return value === 'otp' || value === 'biometric'
    ? pass(value)
    : fail(DmtMessages.ekycMethodInvalid);
}

function checkConsent(value: unknown): Check<boolean> {
  return value === true ? pass(true) : fail(DmtMessages.consentRequired);
}

function checkOptionalOtp(value: unknown): Check<string | undefined> {
  return value === undefined || value === null ? pass(undefined) : checkCustomerOtp(value);
}

/** The RD service's PID block: printable text (XML or base64), at most 64 KB; never stored. */
function checkOptionalPidData(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null) return pass(undefined);
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= 65_536 &&
    isSafeText(value)
    ? pass(value)
    : fail(DmtMessages.pidDataInvalid);
}

/** POST /api/dmt/remitter. */
export class RemitterLookupDto implements RemitterLookupRequest {
  @Satisfies(checkMobile)
  mobile!: string;
}

/** POST /api/dmt/remitter/register. */
export class RegisterRemitterDto implements RegisterRemitterRequest {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkRemitterName)
  name!: string;

  @Satisfies(checkDayText)
  dateOfBirth!: string;

  @Satisfies(checkRemitterAddress)
  address!: string;

  @Satisfies(checkPinCode)
  pinCode!: string;

  @Satisfies(checkDocumentType)
  documentType!: RemitterDocumentType;

  @Satisfies(checkDocumentNumberText)
  documentNumber!: string;
}

/** POST /api/dmt/remitter/verify. */
export class VerifyRemitterDto implements VerifyRemitterRequest {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkCustomerOtp)
  otp!: string;
}

/** POST /api/dmt/remitter/ekyc. */
export class RemitterEkycDto implements RemitterEkycRequest {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkEkycMethod)
  method!: 'otp' | 'biometric';

  @Satisfies(checkConsent)
  consent!: boolean;

  @Satisfies(checkOptionalOtp)
  otp?: string;

  @Satisfies(checkOptionalPidData)
  pidData?: string;
}

/** POST /api/dmt/beneficiary/add. */
export class AddDmtBeneficiaryDto implements AddDmtBeneficiaryRequest {
  @Satisfies(checkMobile)
  remitterMobile!: string;

  @Satisfies(checkBeneficiaryName)
  name!: string;

  @Satisfies(checkBankName)
  bankName!: string;

  @Satisfies(checkIfsc)
  ifsc!: string;

  @Satisfies(checkAccountNumber)
  accountNumber!: string;

  @Satisfies(checkOptionalFlag)
  verify?: boolean;
}

/** POST /api/dmt/beneficiary/delete. */
export class DeleteDmtBeneficiaryDto implements DeleteDmtBeneficiaryRequest {
  @Satisfies(checkMobile)
  remitterMobile!: string;

  @Satisfies(checkBeneficiaryId)
  beneficiaryId!: string;
}

/** POST /api/dmt/beneficiary/confirm and /api/dmt/beneficiary/delete/confirm. */
export class ConfirmDmtBeneficiaryDto
  extends DeleteDmtBeneficiaryDto
  implements ConfirmDmtBeneficiaryRequest
{
  @Satisfies(checkCustomerOtp)
  otp!: string;
}
