import type { AuditDetailLine } from '../audit-details.js';
import { indiaDayRange } from '../business-day.js';
import { blank, fail, pass, type Check } from '../check.js';
import type { Ok, PageRequest } from './common.js';
import { isUuid } from './ids.js';
import { pagingOf } from './paging.js';

/**
 * Logs (`/admin/logs`, issue 14): the audit log, searchable by actor, action, target user,
 * outcome and India's days, newest first. Admins only (docs/decisions.md, "Issue 13: logs").
 */

/** Every action the audit log records, with its label in plain words. */
export const AUDIT_ACTION_LABELS = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.link-login': 'Signed in with a login link',
  'session.revoke': 'Ended a session',
  'session.revoke-all': 'Ended all sessions',
  'pin.change': 'Changed PIN',
  'password.change': 'Changed password',
  'pin.locked': 'PIN locked after wrong tries',
  'link-token.create': 'Made a login link',
  'user.register': 'Registered a user',
  'user.signup': 'Signed up',
  'user.picture': 'Changed profile picture',
  'user.services': 'Changed services',
  'currency-rate.update': 'Updated a currency rate',
  'wallet.credit': 'Credited a wallet',
  'wallet.debit': 'Debited a wallet',
  'lien.place': 'Placed a lien',
  'lien.release': 'Released a lien',
  'security.hold': 'Held a security deposit',
  'security.release': 'Released a security deposit',
  'overdraft.set': 'Set an overdraft limit',
  'beneficiary.create': 'Added a beneficiary',
  'beneficiary.account-check': 'Checked a bank account',
  'beneficiary.register': 'Registered a beneficiary',
  'beneficiary.delete': 'Deleted a beneficiary',
  'beneficiary.aeps-decision': 'Decided an AEPS account',
  'payout.resolve': 'Resolved a payout by hand',
  'payout.compensation': 'Paid compensation for a late return',
  'user.activate': 'Activated a user',
  'user.deactivate': 'Deactivated a user',
  'partner.create': 'Created a partner',
  'partner.api-key-otp': 'Asked for the OTP to make a partner API key',
  'partner.api-key-create': 'Made a partner API key',
  'partner.api-key-revoke': 'Revoked a partner API key',
  'partner.webhook-set': 'Set a partner webhook',
  'partner.webhook-secret-rotate': 'Rotated a webhook secret',
  'partner.webhook-redeliver': 'Sent a failed webhook event again',
  'kyc.submit': 'Submitted KYC',
  'kyc.decision': 'Decided KYC',
  'kyc.pan-added': 'Added a PAN',
  'credentials.set': 'Set password and PIN',
  'credentials.reset': 'Reset password or PIN',
  'signup.otp': 'Sent a signup OTP',
  'user.change-mobile': 'Changed mobile number',
  'fund-request.create': 'Requested funds',
  'fund-request.decision': 'Decided a fund request',
  'company-bank-account.save': 'Saved a company bank account',
  'bank-statement.upload': 'Uploaded a bank statement',
  'commission.scheme-save': 'Saved a commission scheme',
  'commission.scheme-default': 'Set a default commission scheme',
  'commission.scheme-assign': 'Assigned a commission scheme',
  'commission.tax-rate': 'Set a tax rate',
  'commission.user-rates': "Set a user's commission rates",
  'callback-request.handle': 'Marked a call-back request handled',
  'ledger.verify': 'Ran a ledger verify',
  'month.close': 'Closed a month',
  'notice.post': 'Posted a notice',
  'notice.withdraw': 'Withdrew a notice',
  'complaint.raise': 'Raised a complaint',
  'complaint.assign': 'Assigned a complaint',
  'complaint.reply': 'Replied to a complaint',
  'complaint.note': 'Wrote a staff note on a complaint',
  'complaint.resolve': 'Resolved a complaint',
  'complaint.reopen': 'Reopened a complaint',
  // Written once, by migration 1765400031400 (issue 31), when it masked older entries.
  'audit.mask': 'Masked PANs and account numbers in older entries',
  'approval.request': "Sent money for a second admin's approval",
  'approval.approve': 'Approved money as the second admin',
  'approval.reject': 'Rejected money sent for a second approval',
  // Issue 25: DMT for walk-in customers (remitter, beneficiaries, transfers).
  'dmt.remitter-register': 'Registered a DMT remitter',
  'dmt.remitter-ekyc': "Did a DMT remitter's e-KYC",
  'dmt.beneficiary-add': "Added a DMT remitter's beneficiary",
  'dmt.beneficiary-delete': "Deleted a DMT remitter's beneficiary",
  'dmt.transfer-resolve': 'Resolved a DMT transfer by hand',
  'dmt.refund': 'Refunded a failed DMT transfer (customer OTP)',
  'ppi.refund': 'Refunded a failed PPI transfer (customer OTP)',
} as const;

export type AuditActionKey = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditActionKey[];
export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The widest range one search covers, in India's days (both ends counted). */
export const AUDIT_LOG_MAX_DAYS = 92;
/** Without dates, the search covers the last week (today and the six days before it). */
export const AUDIT_LOG_DEFAULT_DAYS = 7;
export const AUDIT_LOG_PAGE_SIZE_MAX = 100;
export const AUDIT_LOG_PAGE_SIZE_DEFAULT = 20;
export const auditLogPaging = pagingOf(AUDIT_LOG_PAGE_SIZE_MAX, AUDIT_LOG_PAGE_SIZE_DEFAULT);

export const AuditLogMessages = {
  personInvalid: 'Please give a 10-digit mobile number or a user id.',
  actionInvalid: 'Please choose an action from the list.',
  outcomeInvalid: 'Outcome must be success or failure.',
  dateInvalid: 'Please give a date as YYYY-MM-DD.',
  rangeBackwards: 'The start date must not be after the end date.',
  rangeTooLong: `Please choose at most ${AUDIT_LOG_MAX_DAYS} days.`,
  ...auditLogPaging.messages,
  locationMissing: 'Location coordinates are not available.',
} as const;

/** `POST /api/admin/logs`. `actor` and `target`: a 10-digit mobile or a user id. */
export interface AuditLogRequest extends PageRequest {
  actor?: string;
  action?: AuditActionKey;
  target?: string;
  outcome?: AuditOutcome;
  /** India's days, `YYYY-MM-DD`, both included; at most AUDIT_LOG_MAX_DAYS apart. */
  from?: string;
  to?: string;
}

export interface AuditLogPerson {
  id: string;
  name: string | null;
  mobile: string | null;
  role: string | null;
}

export interface AuditLogRow {
  id: string;
  /** ISO time. */
  at: string;
  action: string;
  /** The action in plain words. */
  actionLabel: string;
  outcome: AuditOutcome;
  actor: AuditLogPerson | null;
  target: AuditLogPerson | null;
  ip: string | null;
  latitude: string | null;
  longitude: string | null;
  /** The external maps search (spec §7), or null: "Location coordinates are not available." */
  mapUrl: string | null;
  /** What the action did, secrets removed, as stored (keys, paise as `{ paise }`). */
  details: Record<string, unknown>;
  /** The same in plain words: labels, rupees in Indian format, order ids (issue 23). */
  lines: AuditDetailLine[];
}

export interface AuditLogAnswer extends Ok {
  data: AuditLogRow[];
  total: number;
  page: number;
  pageSize: number;
  from: string;
  to: string;
}

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** A person filter: a 10-digit mobile (a leading +91 or 0 is dropped) or a user id. */
export function checkAuditPerson(value: unknown): Check<string | undefined> {
  if (blank(value)) return pass(undefined);
  if (typeof value !== 'string') return fail(AuditLogMessages.personInvalid);
  const trimmed = value.trim();
  if (trimmed === '') return pass(undefined);
  if (isUuid(trimmed as unknown)) return pass(trimmed.toLowerCase());
  const digits = trimmed.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? pass(digits) : fail(AuditLogMessages.personInvalid);
}

export function checkAuditAction(value: unknown): Check<AuditActionKey | undefined> {
  if (blank(value)) return pass(undefined);
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTION_LABELS, value)
    ? pass(value as AuditActionKey)
    : fail(AuditLogMessages.actionInvalid);
}

export function checkAuditOutcome(value: unknown): Check<AuditOutcome | undefined> {
  if (blank(value)) return pass(undefined);
  return value === 'success' || value === 'failure'
    ? pass(value)
    : fail(AuditLogMessages.outcomeInvalid);
}

export function checkAuditDay(value: unknown): Check<string | undefined> {
  if (blank(value)) return pass(undefined);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return fail(AuditLogMessages.dateInvalid);
  }
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
    ? pass(value)
    : fail(AuditLogMessages.dateInvalid);
}

/** The range searched: defaults filled in from `now`, then its order and span checked. */
export function auditLogRange(
  from: string | undefined,
  to: string | undefined,
  now: Date = new Date(),
): Check<{ from: string; to: string }> {
  return indiaDayRange(
    { from, to },
    {
      defaultDays: AUDIT_LOG_DEFAULT_DAYS,
      maxDays: AUDIT_LOG_MAX_DAYS,
      backwards: AuditLogMessages.rangeBackwards,
      tooLong: AuditLogMessages.rangeTooLong,
    },
    now,
  );
}

export const { checkPage: checkAuditPage, checkPageSize: checkAuditPageSize } = auditLogPaging;

/** Keys whose values are secrets: never shown, whatever an older entry may hold. */
const SECRET_KEY = /(pin|password|secret|token|otp|hash|apikey|cvv)$/i;

/** The details with every secret-looking value replaced (booleans such as `pin: true` kept). */
export function redactAuditDetails(details: unknown): Record<string, unknown> {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
          key,
          SECRET_KEY.test(key) && typeof inner !== 'boolean' ? '[hidden]' : walk(inner),
        ]),
      );
    }
    return value;
  };
  const result = walk(details);
  return result && typeof result === 'object' && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : {};
}

/** The external maps search (spec §7), or null when either coordinate is missing or 'null'. */
export function auditMapUrl(latitude: unknown, longitude: unknown): string | null {
  const text = (value: unknown) =>
    value === null || value === undefined || String(value).trim() === '' || String(value) === 'null'
      ? null
      : String(value).trim();
  const lat = text(latitude);
  const long = text(longitude);
  return lat && long ? `https://www.google.com/maps/search/?api=1&query=${lat},${long}` : null;
}
