import { checkName } from '../account-fields.js';
import { checkAccountNumber, checkIfsc } from '../bank-account.js';
import { indiaDay } from '../business-day.js';
import { type Check, fail, pass } from '../check.js';
import { isMissingText, text } from '../fields.js';
import { checkMobile } from '../mobile.js';
import type { RoleKind } from '../roles.js';
import { Services } from '../services.js';
import { isSafeText } from '../text.js';

/**
 * Issue 25: the walk-in customers of domestic money transfer (DMT). A remitter is one person
 * across the whole company, known by its mobile number: registered with its mobile's OTP, then
 * e-KYC'd through the provider. Its beneficiaries are added and deleted with an OTP to that
 * mobile. Aadhaar numbers are never taken: the identity shown at the counter is one of the
 * officially valid documents RBI lists for cash-based transfers, self-declared.
 */

/** `otpPending`: the registration's OTP is out; `registered`: the OTP proved the mobile. */
export const REMITTER_STATES = ['otpPending', 'registered', 'ekycDone'] as const;
export type RemitterState = (typeof REMITTER_STATES)[number];

export const DMT_BENEFICIARY_STATES = ['otpPending', 'active', 'deleted'] as const;
export type DmtBeneficiaryState = (typeof DMT_BENEFICIARY_STATES)[number];

/**
 * The officially valid documents (OVD) RBI's KYC Master Direction lists, less Aadhaar (never
 * stored by Khata) and less the PAN (not an OVD): passport, driving licence, voter ID (EPIC),
 * NREGA job card, the NPR letter with name and address.
 */
export const REMITTER_DOCUMENT_TYPES = [
  'passport',
  'drivingLicence',
  'voterId',
  'nregaJobCard',
  'nprLetter',
] as const;
export type RemitterDocumentType = (typeof REMITTER_DOCUMENT_TYPES)[number];

export const REMITTER_DOCUMENT_LABELS: Record<RemitterDocumentType, string> = {
  passport: 'Passport',
  drivingLicence: 'Driving licence',
  voterId: 'Voter ID (EPIC)',
  nregaJobCard: 'NREGA job card',
  nprLetter: 'NPR letter',
};

/** What each document's number looks like once spaces and hyphens are gone (upper case). */
const DOCUMENT_NUMBER: Record<RemitterDocumentType, RegExp> = {
  // One letter, 7 digits (e.g. K1234567).
  passport: /^[A-Z][0-9]{7}$/,
  // State code, RTO code, then year and serial: 13 to 16 characters (e.g. MH1220110012345).
  drivingLicence: /^[A-Z]{2}[0-9]{2}[A-Z0-9]{9,12}$/,
  // The Election Commission's EPIC: 3 letters, 7 digits (e.g. ABC1234567).
  voterId: /^[A-Z]{3}[0-9]{7}$/,
  // State code then district, block, panchayat and household numbers with / (e.g. MH01001001001/12).
  nregaJobCard: /^[A-Z]{2}[0-9/]{8,28}$/,
  // No national format is published: letters, digits and /, 6 to 30 characters.
  nprLetter: /^[A-Z0-9/]{6,30}$/,
};

/** An Aadhaar number as typed: 12 digits, maybe in groups of 4. */
const AADHAAR_LIKE = /^[0-9]{12}$/;

export const ADULT_AGE_YEARS = 18;
export const OLDEST_AGE_YEARS = 120;
export const REMITTER_ADDRESS_MIN_LENGTH = 10;
export const REMITTER_ADDRESS_MAX_LENGTH = 200;
/** How many digits of a document number are kept in clear (the rest is sealed). */
export const DOCUMENT_VISIBLE_CHARACTERS = 4;

export const DmtMessages = {
  noDmtService: 'Your account does not have the money transfer (DMT) service.',
  readOnlyForAdmins: 'Only a retailer with the money transfer service can do this.',
  remitterNameInvalid: 'The remitter’s name may contain only letters, spaces, dots and hyphens.',
  dateOfBirthRequired: 'Please enter the remitter’s date of birth.',
  dateOfBirthInvalid: 'Please enter the date of birth as YYYY-MM-DD, e.g. 1990-04-21.',
  dateOfBirthFuture: 'The date of birth cannot be in the future.',
  notAdult: `The remitter must be at least ${ADULT_AGE_YEARS} years old.`,
  dateOfBirthTooOld: `Please check the date of birth: it is more than ${OLDEST_AGE_YEARS} years ago.`,
  addressRequired: 'Please enter the remitter’s address.',
  addressLength: `The address must be ${REMITTER_ADDRESS_MIN_LENGTH} to ${REMITTER_ADDRESS_MAX_LENGTH} characters.`,
  addressInvalid: 'The address contains characters that are not allowed.',
  pinCodeRequired: 'Please enter the PIN code.',
  pinCodeInvalid: 'The PIN code must be 6 digits and cannot start with 0.',
  documentTypeRequired: 'Please choose the remitter’s identity document.',
  documentTypeInvalid:
    'The document must be a passport, driving licence, voter ID, NREGA job card or NPR letter.',
  documentNumberRequired: 'Please enter the document number.',
  documentNumberInvalid: (type: RemitterDocumentType) =>
    `That does not look like a valid ${REMITTER_DOCUMENT_LABELS[type].toLowerCase()} number.`,
  aadhaarRefused:
    'Khata does not take Aadhaar numbers. Please enter the number of another identity document.',
  bankNameRequired: 'Please enter the bank name.',
  bankNameInvalid: 'The bank name must be at most 100 characters of plain text.',
  beneficiaryNameInvalid:
    'The beneficiary’s name may contain only letters, spaces, dots and hyphens.',
  otpRequired: 'Please enter the OTP.',
  otpInvalid: 'The OTP is 6 digits.',
  otpWrong: 'The OTP is wrong.',
  otpExpired: 'The OTP has expired or was used. Please send a new one.',
  otpNotOpen: 'No OTP is open for this request. Please send a new one.',
  otpVoid: 'Too many wrong tries: the OTP no longer works. Please send a new one.',
  tooManyOtps: (minutes: number) =>
    `Too many OTPs were sent for this request. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  otpUnavailable: 'The OTP could not be sent. Please try again.',
  remitterNotFound: 'No remitter is registered with this mobile number.',
  remitterAlreadyRegistered: 'This mobile number is already registered as a remitter.',
  remitterNotRegistered: 'The remitter has not completed registration with the OTP yet.',
  ekycAlreadyDone: 'The remitter’s e-KYC is already done.',
  ekycMethodInvalid: 'Please choose e-KYC by Aadhaar OTP or by biometric.',
  ekycNotStarted: 'Please start the Aadhaar OTP e-KYC first: the remitter gets an OTP from UIDAI.',
  beneficiaryNotFound: 'No such beneficiary for this remitter.',
  beneficiaryExists: 'This bank account is already a beneficiary of the remitter.',
  beneficiaryNotPending: 'The beneficiary is not waiting for an OTP.',
  beneficiaryNotActive: 'The beneficiary is not active.',
  beneficiaryIdInvalid: 'The beneficiary id is not valid.',
  consentRequired: 'The remitter must agree to the Aadhaar e-KYC first.',
  pidDataRequired: 'Please capture the biometric on the device first.',
  pidDataInvalid: 'The biometric data from the device is not valid.',
  ekycUnavailable: 'e-KYC is unavailable right now. Please try again in a few minutes.',
  providerUnavailable: 'The money transfer provider is unavailable right now. Please try again.',
  ekycRefused: (reason: string) => `e-KYC failed: ${reason}`,
  registerOtpSent: 'An OTP was sent to the remitter’s mobile. Enter it to complete registration.',
  registered: 'The remitter is registered.',
  ekycOtpSent: 'An Aadhaar OTP was sent to the remitter’s Aadhaar-linked mobile.',
  ekycDone: 'The remitter’s e-KYC is done.',
  beneficiaryOtpSent: 'An OTP was sent to the remitter’s mobile to confirm the beneficiary.',
  beneficiaryAdded: 'The beneficiary is added.',
  deleteOtpSent: 'An OTP was sent to the remitter’s mobile to confirm the deletion.',
  beneficiaryDeleted: 'The beneficiary is deleted.',
} as const;

/** RBI's cap on cash-funded transfers per remitter per calendar month (India's), in paise. */
export const REMITTER_MONTH_LIMIT_PAISE = 2_500_000;

/** The SMS texts of the customer OTPs: what is approved, how long the code lives. */
export const CustomerOtpSms = {
  register: (code: string, minutes: number) =>
    `${code} is your OTP to register for money transfer at a Khata shop. ` +
    `Valid ${minutes} minutes. Do not share it with anyone.`,
  addBeneficiary: (code: string, minutes: number, name: string, maskedAccount: string) =>
    `${code} is your OTP to add ${name} (A/c ${maskedAccount}) as a beneficiary for money ` +
    `transfer. Valid ${minutes} minutes. Do not share it with anyone.`,
  deleteBeneficiary: (code: string, minutes: number, name: string, maskedAccount: string) =>
    `${code} is your OTP to delete the beneficiary ${name} (A/c ${maskedAccount}). ` +
    `Valid ${minutes} minutes. Do not share it with anyone.`,
} as const;

/** A remitter as the retailer types it at registration, checked. */
export interface RemitterRegistration {
  mobile: string;
  name: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  address: string;
  pinCode: string;
  documentType: RemitterDocumentType;
  /** Upper case, without spaces or hyphens. */
  documentNumber: string;
}

export interface RemitterRegistrationInput {
  mobile?: unknown;
  name?: unknown;
  dateOfBirth?: unknown;
  address?: unknown;
  pinCode?: unknown;
  documentType?: unknown;
  documentNumber?: unknown;
}

const PERSON_NAME = /^\p{L}[\p{L}\p{M} .'-]*$/u;

/** A person's name as banks print it: letters (any script), spaces, dots, apostrophes, hyphens. */
export function checkPersonName(input: unknown, invalid: string): Check<string> {
  const name = checkName(input);
  if (!name.ok) return name;
  return PERSON_NAME.test(name.value) ? name : fail(invalid);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a real calendar day. */
function isCalendarDay(day: string): boolean {
  const match = ISO_DAY.exec(day);
  if (!match) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The same day `years` earlier (29 Feb falls back to 28 Feb in a common year). */
function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isCalendarDay(target) ? target : `${target.slice(0, 8)}28`;
}

/** A date of birth of an adult: 18 or older on India's calendar day of `now`, at most 120. */
export function checkDateOfBirth(input: unknown, now: Date): Check<string> {
  if (isMissingText(input)) return fail(DmtMessages.dateOfBirthRequired);
  const day = text(input);
  if (!isCalendarDay(day)) return fail(DmtMessages.dateOfBirthInvalid);
  const today = indiaDay(now);
  if (day > today) return fail(DmtMessages.dateOfBirthFuture);
  if (day > yearsBefore(today, ADULT_AGE_YEARS)) return fail(DmtMessages.notAdult);
  if (day < yearsBefore(today, OLDEST_AGE_YEARS)) return fail(DmtMessages.dateOfBirthTooOld);
  return pass(day);
}

export function checkRemitterAddress(input: unknown): Check<string> {
  if (isMissingText(input)) return fail(DmtMessages.addressRequired);
  const address = text(input).replace(/\s+/g, ' ');
  if (!isSafeText(address)) return fail(DmtMessages.addressInvalid);
  if (
    address.length < REMITTER_ADDRESS_MIN_LENGTH ||
    address.length > REMITTER_ADDRESS_MAX_LENGTH
  ) {
    return fail(DmtMessages.addressLength);
  }
  return pass(address);
}

/** India Post's PIN code: 6 digits, the first (the region) 1 to 9. */
export function checkPinCode(input: unknown): Check<string> {
  if (isMissingText(input)) return fail(DmtMessages.pinCodeRequired);
  const pinCode = text(input);
  return /^[1-9][0-9]{5}$/.test(pinCode) ? pass(pinCode) : fail(DmtMessages.pinCodeInvalid);
}

export function isRemitterDocumentType(value: unknown): value is RemitterDocumentType {
  return REMITTER_DOCUMENT_TYPES.some((type) => type === value);
}

/**
 * The document's type and number. A 12-digit number is refused whatever the type: it is what
 * an Aadhaar number looks like, and Khata never stores one (the message does not repeat it).
 */
export function checkRemitterDocument(
  type: unknown,
  number: unknown,
): Check<{ documentType: RemitterDocumentType; documentNumber: string }> {
  if (isMissingText(type)) return fail(DmtMessages.documentTypeRequired);
  if (!isRemitterDocumentType(type)) return fail(DmtMessages.documentTypeInvalid);
  if (isMissingText(number)) return fail(DmtMessages.documentNumberRequired);
  const documentNumber = text(number).replace(/[\s-]/g, '').toUpperCase();
  if (AADHAAR_LIKE.test(documentNumber)) return fail(DmtMessages.aadhaarRefused);
  if (!DOCUMENT_NUMBER[type].test(documentNumber)) {
    return fail(DmtMessages.documentNumberInvalid(type));
  }
  return pass({ documentType: type, documentNumber });
}

/** The last characters of a document number, kept in clear to tell documents apart. */
export function documentLast4(documentNumber: string): string {
  return documentNumber.slice(-DOCUMENT_VISIBLE_CHARACTERS);
}

/** Every field of a registration, the first broken rule answered. */
export function checkRemitterRegistration(
  input: RemitterRegistrationInput,
  now: Date,
): Check<RemitterRegistration> {
  const mobile = checkMobile(input.mobile);
  if (!mobile.ok) return mobile;
  const name = checkPersonName(input.name, DmtMessages.remitterNameInvalid);
  if (!name.ok) return name;
  const dateOfBirth = checkDateOfBirth(input.dateOfBirth, now);
  if (!dateOfBirth.ok) return dateOfBirth;
  const address = checkRemitterAddress(input.address);
  if (!address.ok) return address;
  const pinCode = checkPinCode(input.pinCode);
  if (!pinCode.ok) return pinCode;
  const document = checkRemitterDocument(input.documentType, input.documentNumber);
  if (!document.ok) return document;
  return pass({
    mobile: mobile.value,
    name: name.value,
    dateOfBirth: dateOfBirth.value,
    address: address.value,
    pinCode: pinCode.value,
    ...document.value,
  });
}

export const DMT_BANK_NAME_MAX_LENGTH = 100;

export interface DmtBeneficiaryInput {
  name?: unknown;
  bankName?: unknown;
  ifsc?: unknown;
  accountNumber?: unknown;
}

export interface DmtBeneficiary {
  name: string;
  bankName: string;
  ifsc: string;
  accountNumber: string;
}

/** A remitter's beneficiary: the payout beneficiary's IFSC and account rules, a person's name. */
export function checkDmtBeneficiary(input: DmtBeneficiaryInput): Check<DmtBeneficiary> {
  const name = checkPersonName(input.name, DmtMessages.beneficiaryNameInvalid);
  if (!name.ok) return name;
  if (isMissingText(input.bankName)) return fail(DmtMessages.bankNameRequired);
  const bankName = text(input.bankName).replace(/\s+/g, ' ');
  if (bankName.length > DMT_BANK_NAME_MAX_LENGTH || !isSafeText(bankName)) {
    return fail(DmtMessages.bankNameInvalid);
  }
  const ifsc = checkIfsc(input.ifsc);
  if (!ifsc.ok) return ifsc;
  const accountNumber = checkAccountNumber(input.accountNumber);
  if (!accountNumber.ok) return accountNumber;
  return pass({
    name: name.value,
    bankName,
    ifsc: ifsc.value,
    accountNumber: accountNumber.value,
  });
}

/** What a customer's OTP approves; its `binding` says which one (see `customerOtpBinding`). */
export const CUSTOMER_OTP_PURPOSES = [
  'register',
  'addBeneficiary',
  'deleteBeneficiary',
  'transfer',
  'refund',
] as const;
export type CustomerOtpPurpose = (typeof CUSTOMER_OTP_PURPOSES)[number];

/**
 * The OTPs Khata sends to a remitter's mobile (RBI's additional factor for cash-based
 * transfers, 2024): 6 digits, 5 minutes, 3 tries and the code is void, at most 3 sends for one
 * purpose and binding in 15 minutes that were not used (resends; a used code finished its act).
 */
export const CustomerOtpRules = {
  digits: 6,
  ttlMs: 5 * 60 * 1000,
  maxAttempts: 3,
  sendsPerWindow: 3,
  sendWindowMs: 15 * 60 * 1000,
} as const;

export type DmtTransferMode = 'IMPS' | 'NEFT';

/**
 * The binding of a customer OTP: what exactly it approves. Registration binds the remitter's
 * mobile; adding or deleting a beneficiary its id; a transfer the beneficiary, the amount in
 * paise and the mode (`<beneficiaryId>:<amountPaise>:<mode>`); a refund the transfer's id.
 */
export const customerOtpBinding = {
  register: (mobile: string) => mobile,
  addBeneficiary: (beneficiaryId: string) => beneficiaryId,
  deleteBeneficiary: (beneficiaryId: string) => beneficiaryId,
  transfer: (beneficiaryId: string, amountPaise: number, mode: DmtTransferMode) =>
    `${beneficiaryId}:${amountPaise}:${mode}`,
  refund: (transferId: string) => transferId,
} as const satisfies Record<CustomerOtpPurpose, (...args: never[]) => string>;

/** An OTP as typed: exactly 6 digits. */
export function checkCustomerOtp(input: unknown): Check<string> {
  if (isMissingText(input)) return fail(DmtMessages.otpRequired);
  const otp = text(input);
  return new RegExp(`^[0-9]{${CustomerOtpRules.digits}}$`).test(otp)
    ? pass(otp)
    : fail(DmtMessages.otpInvalid);
}

/** Who acts for a shop in DMT: whoever holds the service (a retailer by default). */
export function mayActInDmt(services: readonly string[]): boolean {
  return services.includes(Services.dmt);
}

/** Who reads DMT's remitters: those who act, and admins (all of them). */
export function mayReadDmt(kind: RoleKind, services: readonly string[]): boolean {
  return kind === 'admin' || mayActInDmt(services);
}

/** May a remitter in this state have beneficiaries added and send money? */
export function remitterIsRegistered(state: RemitterState): boolean {
  return state === 'registered' || state === 'ekycDone';
}
