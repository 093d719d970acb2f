import { addDays } from '../business-day.js';
import { blank, type Check, fail, pass } from '../check.js';
import { checkMobile } from '../mobile.js';
import { type Paise, parseRupees, RUPEE } from '../money.js';
import { isSafeText } from '../text.js';
import {
  isRentState,
  type RentStateCode,
  roundUpToRupee,
  stampBasis,
  type StampDutyRule,
  stampRuleOn,
  STAMP_DUTY_TABLE,
} from './stamp-duty.js';

/**
 * A rent agreement as a shop drafts it for a customer (issue 28): the rules of the form, the
 * warnings it shows (registration, Model Tenancy Act deposit caps), the price (stamp duty +
 * service charge) and the agreement's states. Facts: india-rails.md §5.
 */

export const RENT_TERM_DEFAULT = 11;
/** Maharashtra's leave and licence e-registration takes at most 60 months; we hold every state to it. */
export const RENT_TERM_MAX = 60;
export const RENT_NOTICE_MAX = 6;
export const RENT_PARTIES_MAX = 4;
export const RENT_WITNESSES_MAX = 2;
export const RENT_FURNISHINGS_MAX = 40;
/** A start more than this many days ahead is refused (Maharashtra: at most 4 months after signing). */
export const RENT_START_AHEAD_DAYS = 120;
/** The monthly rent's ceiling: ₹10,00,000. */
export const RENT_MAX: Paise = 10_00_000 * RUPEE;

/** Khata's service charge per agreement, GST inside (configuration; docs/decisions.md). */
export const RENT_SERVICE_CHARGE: Paise = 299 * RUPEE;

export const PROPERTY_KINDS = ['residential', 'commercial'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];
export const PARTY_ROLES = ['landlord', 'tenant'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export interface RentParty {
  role: PartyRole;
  name: string;
  parentName: string;
  address: string;
  mobile: string;
  /** `pan` the whole PAN (sealed at rest by the API); `aadhaar` only its last 4 digits (never the number). */
  idKind: 'pan' | 'aadhaar';
  idValue: string;
}

export interface RentWitness {
  name: string;
  address: string;
}

export interface RentDraft {
  state: RentStateCode;
  city: string;
  propertyAddress: string;
  propertyKind: PropertyKind;
  landlords: RentParty[];
  tenants: RentParty[];
  rent: Paise;
  deposit: Paise;
  maintenance: Paise;
  startDate: string;
  termMonths: number;
  lockInMonths: number;
  noticeMonths: number;
  /** Basis points: 500 = 5% a year. */
  yearlyIncreaseBp: number;
  furnishings: string[];
  witnesses: RentWitness[];
}

export const RentMessages = {
  stateInvalid: 'Please choose the state the property is in.',
  cityRequired: 'Please enter the city.',
  addressRequired: 'Please enter the property’s full address.',
  propertyKindInvalid: 'Property is residential or commercial.',
  landlordRequired: 'Please add at least one landlord.',
  tenantRequired: 'Please add at least one tenant.',
  partiesTooMany: `At most ${RENT_PARTIES_MAX} landlords and ${RENT_PARTIES_MAX} tenants.`,
  partyName: (who: string) => `${who}: please enter the name (2 to 100 characters).`,
  partyParent: (who: string) => `${who}: please enter the father’s or mother’s name.`,
  partyAddress: (who: string) => `${who}: please enter the address.`,
  partyMobile: (who: string, message: string) => `${who}: ${message}`,
  partyId: (who: string) =>
    `${who}: give a PAN (such as ABCDE1234F) or only the last 4 digits of the Aadhaar number.`,
  aadhaarWhole: (who: string) =>
    `${who}: enter only the last 4 digits of the Aadhaar number; Khata never keeps the whole number.`,
  rentInvalid: 'Please enter the monthly rent (more than ₹0, at most ₹10,00,000).',
  depositInvalid: 'Please enter the deposit in rupees (0 if none).',
  maintenanceInvalid: 'Please enter the maintenance in rupees (0 if none).',
  startDateInvalid: 'Please give the start date (YYYY-MM-DD).',
  startDatePast: 'The start date cannot be before today (India time).',
  startDateFar: `The start date can be at most ${RENT_START_AHEAD_DAYS} days from today.`,
  termInvalid: `The term is 1 to ${RENT_TERM_MAX} months.`,
  lockInInvalid: 'The lock-in is 0 months or more, whole months.',
  lockInLonger: 'The lock-in cannot be longer than the term.',
  noticeInvalid: `The notice period is 0 to ${RENT_NOTICE_MAX} months.`,
  increaseInvalid: 'The yearly increase is a percent from 0 to 100 (2 decimals at most).',
  furnishingsInvalid: `List at most ${RENT_FURNISHINGS_MAX} furnishings, each up to 60 characters.`,
  witnessesInvalid: `At most ${RENT_WITNESSES_MAX} witnesses, each with a name and an address.`,
  textNotAllowed: 'A field contains characters that are not allowed.',
  noStampRule: 'Stamp duty for this state is not set up yet.',
  notFound: 'Rent agreement not found.',
  idInvalid: 'Rent agreement id is not valid.',
  notDraft: 'Only a draft can be changed or paid.',
  alreadyPaid: 'This agreement is already paid.',
  cannotCancel: 'The stamp paper is bought: the agreement can no longer be cancelled.',
  notSigning: 'This agreement is not waiting for signatures.',
  notPaid: 'Only a paid agreement waits for its e-stamp.',
  partyNotFound: 'That party is not on this agreement.',
  partySigned: 'This party has already signed.',
  otpInvalid: 'The OTP is not right. Please check the SMS and try again.',
  otpExpired: 'The OTP has expired. Please send a new one.',
  otpFormat: 'The OTP is 6 digits.',
  otpNotSent: 'Please send the OTP to the party first.',
  otpTooMany: 'Too many wrong OTPs. Please send a new one.',
  keyReused: 'This Idempotency-Key was used for another request.',
  insufficientFunds: 'Insufficient wallet balance for the stamp duty and service charge.',
  trackRequired: 'Please enter the agreement id and the mobile number.',
  trackNotFound: 'No agreement with that id and mobile number.',
  pdfNotReady: 'The signed agreement is not ready yet.',
} as const;

export const RentWarnings = {
  registrationTerm:
    'A term of 12 months or more must be registered with the sub-registrar (Registration Act 1908, s.17).',
  registrationMaharashtra:
    'In Maharashtra every leave and licence agreement must be registered, whatever its term (Maharashtra Rent Control Act 1999, s.55).',
  depositResidential:
    'The deposit is more than 2 months’ rent: the Model Tenancy Act 2021 caps a home’s deposit at 2 months.',
  depositCommercial:
    'The deposit is more than 6 months’ rent: the Model Tenancy Act 2021 caps a shop’s deposit at 6 months.',
} as const;

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

function text(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed.length < min || trimmed.length > max || !isSafeText(trimmed)) return undefined;
  return trimmed;
}

function wholeIn(value: unknown, min: number, max: number, fallback?: number): number | undefined {
  if (blank(value) && fallback !== undefined) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function money(value: unknown, fallbackZero: boolean): Paise | undefined {
  if (blank(value) && fallbackZero) return 0;
  const parsed = parseRupees(value);
  return parsed.ok && parsed.value >= 0 ? parsed.value : undefined;
}

function checkParty(input: unknown, role: PartyRole, index: number): Check<RentParty> {
  const who = `${role === 'landlord' ? 'Landlord' : 'Tenant'} ${index + 1}`;
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const name = text(body.name, 2, 100);
  if (!name) return fail(RentMessages.partyName(who));
  const parentName = text(body.parentName, 2, 100);
  if (!parentName) return fail(RentMessages.partyParent(who));
  const address = text(body.address, 5, 300);
  if (!address) return fail(RentMessages.partyAddress(who));
  const mobile = checkMobile(body.mobile);
  if (!mobile.ok) return fail(RentMessages.partyMobile(who, mobile.message));
  const idKind = body.idKind;
  const idValue = typeof body.idValue === 'string' ? body.idValue.replace(/\s/g, '') : '';
  if (idKind === 'pan') {
    const pan = idValue.toUpperCase();
    if (!PAN.test(pan)) return fail(RentMessages.partyId(who));
    return pass({ role, name, parentName, address, mobile: mobile.value, idKind, idValue: pan });
  }
  if (idKind === 'aadhaar') {
    if (/^\d{12}$/.test(idValue)) return fail(RentMessages.aadhaarWhole(who));
    if (!/^\d{4}$/.test(idValue)) return fail(RentMessages.partyId(who));
    return pass({ role, name, parentName, address, mobile: mobile.value, idKind, idValue });
  }
  return fail(RentMessages.partyId(who));
}

function checkParties(input: unknown, role: PartyRole): Check<RentParty[]> {
  if (!Array.isArray(input) || input.length === 0) {
    return fail(role === 'landlord' ? RentMessages.landlordRequired : RentMessages.tenantRequired);
  }
  if (input.length > RENT_PARTIES_MAX) return fail(RentMessages.partiesTooMany);
  const parties: RentParty[] = [];
  for (const [index, raw] of input.entries()) {
    const party = checkParty(raw, role, index);
    if (!party.ok) return party;
    parties.push(party.value);
  }
  return pass(parties);
}

/**
 * A draft as the form (or any client) sends it, checked against `today` (the India day):
 * money in rupees, the term 11 months by default, the lock-in within the term, the start
 * today or later. The first refusal wins; warnings are `rentWarnings`, which never refuse.
 */
export function checkRentDraft(input: unknown, today: string): Check<RentDraft> {
  if (typeof input !== 'object' || input === null) return fail(RentMessages.stateInvalid);
  const body = input as Record<string, unknown>;
  if (!isRentState(body.state)) return fail(RentMessages.stateInvalid);
  const city = text(body.city, 2, 60);
  if (!city) return fail(RentMessages.cityRequired);
  const propertyAddress = text(body.propertyAddress, 10, 400);
  if (!propertyAddress) return fail(RentMessages.addressRequired);
  const propertyKind = blank(body.propertyKind) ? 'residential' : body.propertyKind;
  if (!(PROPERTY_KINDS as readonly unknown[]).includes(propertyKind)) {
    return fail(RentMessages.propertyKindInvalid);
  }
  const landlords = checkParties(body.landlords, 'landlord');
  if (!landlords.ok) return landlords;
  const tenants = checkParties(body.tenants, 'tenant');
  if (!tenants.ok) return tenants;
  const rent = money(body.rent, false);
  if (rent === undefined || rent <= 0 || rent > RENT_MAX) return fail(RentMessages.rentInvalid);
  const deposit = money(body.deposit, true);
  if (deposit === undefined || deposit > RENT_MAX * 100) return fail(RentMessages.depositInvalid);
  const maintenance = money(body.maintenance, true);
  if (maintenance === undefined || maintenance > RENT_MAX) {
    return fail(RentMessages.maintenanceInvalid);
  }
  const startDate = body.startDate;
  if (typeof startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) {
    return fail(RentMessages.startDateInvalid);
  }
  if (Number.isNaN(Date.parse(`${startDate}T00:00:00Z`)) || addDays(startDate, 0) !== startDate) {
    return fail(RentMessages.startDateInvalid);
  }
  if (startDate < today) return fail(RentMessages.startDatePast);
  if (startDate > addDays(today, RENT_START_AHEAD_DAYS)) return fail(RentMessages.startDateFar);
  const termMonths = wholeIn(body.termMonths, 1, RENT_TERM_MAX, RENT_TERM_DEFAULT);
  if (termMonths === undefined) return fail(RentMessages.termInvalid);
  const lockInMonths = wholeIn(body.lockInMonths, 0, 1_000, 0);
  if (lockInMonths === undefined) return fail(RentMessages.lockInInvalid);
  if (lockInMonths > termMonths) return fail(RentMessages.lockInLonger);
  const noticeMonths = wholeIn(body.noticeMonths, 0, RENT_NOTICE_MAX, 1);
  if (noticeMonths === undefined) return fail(RentMessages.noticeInvalid);
  let yearlyIncreaseBp = 0;
  if (!blank(body.yearlyIncreasePercent)) {
    const parsed = parseRupees(body.yearlyIncreasePercent);
    if (!parsed.ok || parsed.value < 0 || parsed.value > 100 * 100) {
      return fail(RentMessages.increaseInvalid);
    }
    yearlyIncreaseBp = parsed.value;
  }
  const furnishings: string[] = [];
  if (!blank(body.furnishings)) {
    if (!Array.isArray(body.furnishings) || body.furnishings.length > RENT_FURNISHINGS_MAX) {
      return fail(RentMessages.furnishingsInvalid);
    }
    for (const item of body.furnishings) {
      const one = text(item, 1, 60);
      if (!one) return fail(RentMessages.furnishingsInvalid);
      furnishings.push(one);
    }
  }
  const witnesses: RentWitness[] = [];
  if (!blank(body.witnesses)) {
    if (!Array.isArray(body.witnesses) || body.witnesses.length > RENT_WITNESSES_MAX) {
      return fail(RentMessages.witnessesInvalid);
    }
    for (const raw of body.witnesses as unknown[]) {
      const one = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const name = text(one.name, 2, 100);
      const address = text(one.address, 5, 300);
      if (!name || !address) return fail(RentMessages.witnessesInvalid);
      witnesses.push({ name, address });
    }
  }
  return pass({
    state: body.state,
    city,
    propertyAddress,
    propertyKind: propertyKind as PropertyKind,
    landlords: landlords.value,
    tenants: tenants.value,
    rent,
    deposit,
    maintenance,
    startDate,
    termMonths,
    lockInMonths,
    noticeMonths,
    yearlyIncreaseBp,
    furnishings,
    witnesses,
  });
}

/** What the form warns of; none of it refuses the draft. */
export function rentWarnings(draft: {
  state: string;
  termMonths: number;
  propertyKind: PropertyKind;
  rent: Paise;
  deposit: Paise;
}): string[] {
  const warnings: string[] = [];
  if (draft.state === 'MH') warnings.push(RentWarnings.registrationMaharashtra);
  else if (draft.termMonths >= 12) warnings.push(RentWarnings.registrationTerm);
  if (draft.propertyKind === 'residential' && draft.deposit > draft.rent * 2) {
    warnings.push(RentWarnings.depositResidential);
  }
  if (draft.propertyKind === 'commercial' && draft.deposit > draft.rent * 6) {
    warnings.push(RentWarnings.depositCommercial);
  }
  return warnings;
}

/** Whether the agreement must be registered with the sub-registrar. */
export function registrationRequired(draft: { state: string; termMonths: number }): boolean {
  return draft.state === 'MH' || draft.termMonths >= 12;
}

/** The price of an agreement: what the shop's wallet is debited, each part in paise. */
export interface RentPrice {
  stampDuty: Paise;
  serviceCharge: Paise;
  total: Paise;
  stampRule: Pick<StampDutyRule, 'state' | 'effectiveFrom' | 'basis' | 'kind' | 'source'>;
}

/**
 * The price on an India day: the state's stamp duty in force that day, rounded up to the rupee,
 * and the service charge. The same function quotes it on the form and charges it at payment.
 */
export function rentPrice(
  draft: Pick<RentDraft, 'state' | 'rent' | 'deposit' | 'termMonths' | 'yearlyIncreaseBp'>,
  day: string,
  table: readonly StampDutyRule[] = STAMP_DUTY_TABLE,
  serviceCharge: Paise = RENT_SERVICE_CHARGE,
): Check<RentPrice> {
  const rule = stampRuleOn(draft.state, day, table);
  if (!rule) return fail(RentMessages.noStampRule);
  const stampDuty = roundUpToRupee(rule.duty(stampBasis(draft)));
  const { state, effectiveFrom, basis, kind, source } = rule;
  return pass({
    stampDuty,
    serviceCharge,
    total: stampDuty + serviceCharge,
    stampRule: { state, effectiveFrom, basis, kind, source },
  });
}

/** The price of a sample agreement per state for the public page: ₹`rent` a month, 11 months. */
export function samplePrices(
  day: string,
  sample: { rent: Paise; deposit: Paise } = { rent: 15_000 * RUPEE, deposit: 30_000 * RUPEE },
): { state: RentStateCode; price: RentPrice }[] {
  const out: { state: RentStateCode; price: RentPrice }[] = [];
  for (const rule of STAMP_DUTY_TABLE) {
    if (out.some((one) => one.state === rule.state)) continue;
    const price = rentPrice(
      { state: rule.state, ...sample, termMonths: RENT_TERM_DEFAULT, yearlyIncreaseBp: 0 },
      day,
    );
    if (price.ok) out.push({ state: rule.state, price: price.value });
  }
  return out;
}
