import * as domain from '@khata/domain';
import {
  AepsMessages,
  APPROVAL_STATES,
  ApprovalMessages,
  BalanceMessages,
  BBPS_COMPLAINT_STATUS_LABELS,
  BbpsCatalogueMessages,
  BbpsComplaintMessages,
  BbpsMessages,
  CallbackHandlingMessages,
  CommissionMessages,
  COMPLAINT_STATUSES,
  ComplaintMessages,
  DatabaseMessages,
  DmtMessages,
  DmtTransferMessages,
  formatPaise,
  FUND_REQUEST_STATES,
  FundRequestMessages,
  KycMessages,
  NoticeMessages,
  OnboardingMessages,
  PagingMessages,
  PartnerMessages,
  paymentFailed,
  paymentSuccessful,
  PG_GATEWAY_INFO,
  PgMessages,
  PpiMessages,
  REMITTER_DOCUMENT_LABELS,
  RentMessages,
  sessionEndedAfter,
  signedOutIdle,
  STAFF_COMPLAINT_ACTIONS,
  TextMessages,
  USERS_CSV_MAX_ROWS,
  UsersAdminMessages,
  verificationFailed,
} from '@khata/domain';

/**
 * The messages of libs/domain as the console's `messages` namespace holds them (issue 30,
 * apps/console/src/i18n/messageIndex.ts): every `*Messages` object's texts under
 * `<object>.<entry>` (`Messages` is `core`, `DmtMessages` is `dmt`), and each message with
 * values as a template. A function message is called with marker values: a text value is a
 * marker `⟦name⟧` that becomes `{{name}}`; a figure is a sample whose rendering (₹98,765.43, 37)
 * becomes `{{name}}`. A value from a short list (a state, a gateway) is not a placeholder: each
 * value is a variant of its own (`kyc.alreadyDecided.approved`), so its Hindi reads whole.
 */

/** A sample amount in paise, and its rendering. */
export const MONEY = 98_765_43;
export const money = formatPaise(MONEY);
/** A sample count (no grouping, found once). */
export const COUNT = 37;

export function mark(name: string): string {
  return `⟦${name}⟧`;
}

/** The template of `text`: each slot's sample becomes its placeholder, as does each marker. */
export function template(text: string, slots: Record<string, string> = {}): string {
  let out = text;
  for (const [name, sample] of Object.entries(slots)) {
    const parts = out.split(sample);
    if (parts.length !== 2) throw new Error(`"${sample}" is not once in "${text}"`);
    out = parts.join(`{{${name}}}`);
  }
  return out.replace(/⟦(\w+)⟧/g, '{{$1}}');
}

export type Variants = string | { [name: string]: Variants };

export function each<T extends string>(values: readonly T[], text: (value: T) => string) {
  return Object.fromEntries(values.map((value) => [value, text(value)]));
}

/** A message that names a count of minutes (or hours): "1 minute" and "37 minutes". */
export function perCount(text: (count: number) => string, slot = 'minutes') {
  return { one: text(1), other: template(text(COUNT), { [slot]: String(COUNT) }) };
}

/** Landlord or tenant n (rent agreement's parties). */
function perParty(text: (who: string) => string) {
  return {
    landlord: template(text(`Landlord ${mark('number')}`)),
    tenant: template(text(`Tenant ${mark('number')}`)),
  };
}

/**
 * Each function message's templates, by `<object>.<entry>`; `Messages.*` are the functions of
 * libs/domain/src/messages.ts beside the `Messages` object.
 */
export const FUNCTION_MESSAGES: Record<string, () => Variants> = {
  'Messages.signedOutIdle': () => perCount(signedOutIdle),
  'Messages.sessionEndedAfter': () => perCount(sessionEndedAfter, 'hours'),
  'Messages.paymentFailed': () => template(paymentFailed(mark('message'))),
  'Messages.paymentSuccessful': () => template(paymentSuccessful(mark('message'))),
  'Messages.verificationFailed': () => template(verificationFailed(mark('text'))),

  'AepsMessages.amountBelowMinimum': () =>
    template(AepsMessages.amountBelowMinimum({ minimum: MONEY } as never), { amount: money }),
  'AepsMessages.amountAbovePerTransaction': () =>
    template(AepsMessages.amountAbovePerTransaction({ perTransaction: MONEY } as never), {
      amount: money,
    }),
  'AepsMessages.customerDayLimit': () =>
    template(AepsMessages.customerDayLimit({ withdrawalsPerCustomerPerDay: COUNT } as never), {
      count: String(COUNT),
    }),
  'ApprovalMessages.alreadyDecided': () => each(APPROVAL_STATES, ApprovalMessages.alreadyDecided),
  'BalanceMessages.lienAboveMoney': () => ({
    some: template(BalanceMessages.lienAboveMoney(MONEY as never), { amount: money }),
    none: BalanceMessages.lienAboveMoney(0 as never),
  }),
  'BalanceMessages.depositAboveMoney': () => ({
    some: template(BalanceMessages.depositAboveMoney(MONEY as never), { amount: money }),
    none: BalanceMessages.depositAboveMoney(0 as never),
  }),
  'BbpsCatalogueMessages.paramMissing': () =>
    template(BbpsCatalogueMessages.paramMissing(mark('name'))),
  'BbpsCatalogueMessages.paramInvalid': () =>
    template(BbpsCatalogueMessages.paramInvalid(mark('name'))),
  'BbpsComplaintMessages.alreadyOpen': () =>
    template(BbpsComplaintMessages.alreadyOpen(mark('number'), mark('complaintId'))),
  'BbpsComplaintMessages.refused': () => template(BbpsComplaintMessages.refused(mark('reason'))),
  'BbpsComplaintMessages.raised': () => template(BbpsComplaintMessages.raised(mark('complaintId'))),
  'BbpsComplaintMessages.checked': () =>
    each(
      Object.keys(BBPS_COMPLAINT_STATUS_LABELS) as (keyof typeof BBPS_COMPLAINT_STATUS_LABELS)[],
      BbpsComplaintMessages.checked,
    ),
  'BbpsComplaintMessages.resolvedBy': () => ({
    plain: BbpsComplaintMessages.resolvedBy(null),
    remarks: template(BbpsComplaintMessages.resolvedBy(mark('remarks'))),
  }),
  'BbpsMessages.amountBelowMinimum': () =>
    template(BbpsMessages.amountBelowMinimum({ minimum: MONEY } as never), { amount: money }),
  'BbpsMessages.amountAboveLimit': () =>
    template(BbpsMessages.amountAboveLimit(MONEY as never), { amount: money }),
  'BbpsMessages.alreadyPaid': () => ({
    paid: template(BbpsMessages.alreadyPaid(mark('reference'))),
    paying: BbpsMessages.alreadyPaid(null),
  }),
  'CallbackHandlingMessages.alreadyHandled': () => ({
    by: template(CallbackHandlingMessages.alreadyHandled(mark('by'))),
    plain: CallbackHandlingMessages.alreadyHandled(null),
  }),
  'CommissionMessages.sharesExceedFee': () =>
    template(CommissionMessages.sharesExceedFee(mark('slab') as never)),
  'ComplaintMessages.notText': () => template(ComplaintMessages.notText(mark('field'))),
  'ComplaintMessages.unsafe': () => template(ComplaintMessages.unsafe(mark('field'))),
  'ComplaintMessages.actionInvalid': () =>
    template(ComplaintMessages.actionInvalid([mark('actions')])),
  'ComplaintMessages.notAllowed': () =>
    Object.fromEntries(
      COMPLAINT_STATUSES.map((status) => [
        status,
        each(STAFF_COMPLAINT_ACTIONS, (action) => ComplaintMessages.notAllowed(action, status)),
      ]),
    ),
  'ComplaintMessages.tooMany': () => perCount(ComplaintMessages.tooMany),
  'DatabaseMessages.noSignedHead': () => template(DatabaseMessages.noSignedHead(mark('day'))),
  'DmtMessages.documentNumberInvalid': () =>
    each(
      Object.keys(REMITTER_DOCUMENT_LABELS) as (keyof typeof REMITTER_DOCUMENT_LABELS)[],
      DmtMessages.documentNumberInvalid,
    ),
  'DmtMessages.tooManyOtps': () => perCount(DmtMessages.tooManyOtps),
  'DmtMessages.ekycRefused': () => template(DmtMessages.ekycRefused(mark('reason'))),
  'DmtTransferMessages.amountBelowMinimum': () =>
    template(DmtTransferMessages.amountBelowMinimum({ minimum: MONEY } as never), {
      amount: money,
    }),
  'DmtTransferMessages.amountAbovePerTransaction': () =>
    template(DmtTransferMessages.amountAbovePerTransaction({ perTransaction: MONEY } as never), {
      amount: money,
    }),
  'DmtTransferMessages.monthExceeded': () => ({
    some: template(DmtTransferMessages.monthExceeded(MONEY as never), { amount: money }),
    none: DmtTransferMessages.monthExceeded(0 as never),
  }),
  'DmtTransferMessages.resolved': () => ({
    rail: each(['processed', 'failed'], (status) => DmtTransferMessages.resolved(status, 'rail')),
    hand: each(['processed', 'failed'], (status) => DmtTransferMessages.resolved(status, 'hand')),
  }),
  'FundRequestMessages.alreadyDecided': () =>
    each(FUND_REQUEST_STATES, FundRequestMessages.alreadyDecided),
  'FundRequestMessages.notYourApproval': () =>
    template(FundRequestMessages.notYourApproval(mark('approver'))),
  'FundRequestMessages.statementUnreadable': () =>
    template(FundRequestMessages.statementUnreadable(mark('line') as never, mark('why'))),
  'KycMessages.alreadyDecided': () =>
    each(['approved', 'rejected'] as const, KycMessages.alreadyDecided),
  'NoticeMessages.notText': () => template(NoticeMessages.notText(mark('field'))),
  'NoticeMessages.unsafe': () => template(NoticeMessages.unsafe(mark('field'))),
  'OnboardingMessages.notTemporary': () =>
    each(['password', 'pin'] as const, OnboardingMessages.notTemporary),
  'OnboardingMessages.resetSent': () =>
    each(['password', 'pin'] as const, OnboardingMessages.resetSent),
  'OnboardingMessages.tooManyOtps': () => perCount(OnboardingMessages.tooManyOtps),
  'PagingMessages.pageSizeInvalid': () =>
    template(PagingMessages.pageSizeInvalid(COUNT, mark('field')), { max: String(COUNT) }),
  'PartnerMessages.keyOtpSent': () =>
    template(PartnerMessages.keyOtpSent('9876543210'), { last4: '3210' }),
  'PartnerMessages.tooManyKeyOtps': () => perCount(PartnerMessages.tooManyKeyOtps),
  'PgMessages.gatewayOff': () =>
    each(Object.keys(PG_GATEWAY_INFO) as (keyof typeof PG_GATEWAY_INFO)[], PgMessages.gatewayOff),
  'PgMessages.methodInvalid': () =>
    each(
      Object.keys(PG_GATEWAY_INFO) as (keyof typeof PG_GATEWAY_INFO)[],
      PgMessages.methodInvalid,
    ),
  'PgMessages.amountBelowMinimum': () =>
    template(PgMessages.amountBelowMinimum({ minimum: MONEY } as never), { amount: money }),
  'PgMessages.amountAboveLimit': () =>
    template(PgMessages.amountAboveLimit({ perOrder: MONEY } as never), { amount: money }),
  'PgMessages.refundRefused': () => template(PgMessages.refundRefused(mark('reason'))),
  'PpiMessages.monthLimit': () =>
    template(PpiMessages.monthLimit(MONEY as never), { amount: money }),
  'RentMessages.partyName': () => perParty(RentMessages.partyName),
  'RentMessages.partyParent': () => perParty(RentMessages.partyParent),
  'RentMessages.partyAddress': () => perParty(RentMessages.partyAddress),
  'RentMessages.partyMobile': () =>
    perParty((who) => RentMessages.partyMobile(who, mark('message'))),
  'RentMessages.partyId': () => perParty(RentMessages.partyId),
  'RentMessages.aadhaarWhole': () => perParty(RentMessages.aadhaarWhole),
  'TextMessages.notAllowed': () => template(TextMessages.notAllowed(mark('field'))),
  'UsersAdminMessages.tooManyForCsv': () =>
    template(UsersAdminMessages.tooManyForCsv(12_34_567), {
      total: '12,34,567',
      max: USERS_CSV_MAX_ROWS.toLocaleString('en-IN'),
    }),
};

/** Function messages that never reach a screen: the OTP texts sent by SMS, in English. */
export const NOT_SHOWN = new Set([
  'DmtTransferMessages.transferSms',
  'DmtTransferMessages.refundSms',
]);

/** The key prefix of a `*Messages` object: `DmtMessages` is `dmt`, `Messages` is `core`. */
export function prefixOf(name: string): string {
  const stem = name.replace(/Messages$/, '');
  return stem ? stem.charAt(0).toLowerCase() + stem.slice(1) : 'core';
}

export interface Catalogue {
  /** Key to English (a template for a function message), as en/messages.json must hold it. */
  english: Map<string, string>;
  /** Function messages with no entry in FUNCTION_MESSAGES (nor in NOT_SHOWN). */
  unspecified: string[];
}

export function addVariants(into: Map<string, string>, key: string, variants: Variants): void {
  if (typeof variants === 'string') into.set(key, variants);
  else
    for (const [name, inner] of Object.entries(variants))
      addVariants(into, `${key}.${name}`, inner);
}

/** Every message of libs/domain's `*Messages` objects, by key. */
export function domainCatalogue(): Catalogue {
  const english = new Map<string, string>();
  const unspecified: string[] = [];
  const walk = (objectName: string, path: string[], value: unknown): void => {
    const key = [prefixOf(objectName), ...path].join('.');
    const name = [objectName, ...path].join('.');
    if (typeof value === 'string') english.set(key, value);
    else if (typeof value === 'function') {
      const spec = FUNCTION_MESSAGES[name];
      if (spec) addVariants(english, key, spec());
      else if (!NOT_SHOWN.has(name)) unspecified.push(name);
    } else if (value && typeof value === 'object') {
      for (const [entry, inner] of Object.entries(value)) walk(objectName, [...path, entry], inner);
    }
  };
  for (const [name, value] of Object.entries(domain)) {
    if (/Messages$/.test(name) && value && typeof value === 'object') walk(name, [], value);
  }
  // The functions beside the `Messages` object (libs/domain/src/messages.ts).
  for (const [name, spec] of Object.entries(FUNCTION_MESSAGES)) {
    const [objectName, entry] = name.split('.') as [string, string];
    if (objectName === 'Messages') addVariants(english, `core.${entry}`, spec());
  }
  return { english, unspecified };
}
