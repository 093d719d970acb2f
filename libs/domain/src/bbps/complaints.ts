import { type Check, fail, pass } from '../check.js';
import { COMPLAINT_TEXT_MAX } from '../complaints.js';
import { isSafeText } from '../text.js';
import {
  BBPS_COMPLAINT_STATUS_LABELS,
  BBPS_SERVICE_PARTIES,
  BBPS_SERVICE_REASONS,
  BBPS_TRANSACTION_DISPOSITIONS,
  type BbpsComplaintStatus,
  type BbpsComplaintType,
  type BbpsServiceParty,
} from './payments.js';

/**
 * BBPS complaints (issue 27) ride on the issue 14 complaints: the same row, conversation and
 * staff machine, plus the BBPS facts below, so My Complaints and the admin queue show them with
 * a BBPS tag. The provider's status is its own (logged → assigned → resolved…); a resolved BBPS
 * status resolves the complaint.
 */

/** What a complaint carries when it was registered with Bharat BillPay. */
export interface BbpsComplaintFacts {
  type: BbpsComplaintType;
  /** The transaction disposition, or the service complaint's reason. */
  disposition: string;
  /** A service complaint's party; null for a transaction complaint. */
  party: BbpsServiceParty | null;
  billerId: string | null;
  billerName: string | null;
  /** The bill payment complained about (transaction complaints). */
  paymentId: string | null;
  /** That payment's BBPS transaction reference (`txnRefId`). */
  bbpsReference: string | null;
  /** The complaint id BBPS gave. */
  complaintId: string;
  status: BbpsComplaintStatus;
  assignedTo: string | null;
  remarks: string | null;
  /** The India day by which BBPS should resolve it (raised + BBPS_COMPLAINT_TAT_DAYS). */
  dueOn: string;
  /** The last status enquiry, ISO time; null before the first. */
  checkedAt: string | null;
}

export const BbpsComplaintMessages = {
  dispositionInvalid: 'Please choose one of the BBPS complaint dispositions.',
  reasonInvalid: 'Please choose one of the BBPS service complaint reasons.',
  partyInvalid: 'A service complaint is against an agent or a biller.',
  billerRequired: 'Please choose the biller the complaint is about.',
  descriptionRequired: 'Please describe the problem.',
  descriptionTooLong: `The description must be at most ${COMPLAINT_TEXT_MAX} characters.`,
  descriptionUnsafe:
    'The description contains characters that are not allowed (control characters or broken Unicode).',
  notTaken:
    'Bharat BillPay did not take this payment, so there is no BBPS transaction to complain about.',
  alreadyOpen: (number: string, complaintId: string) =>
    `A BBPS complaint is already open on this payment: ${number} (BBPS ${complaintId}).`,
  refused: (reason: string) => `Bharat BillPay refused the complaint: ${reason}`,
  providerDown:
    'Bharat BillPay did not answer. Your complaint was not registered: please try again.',
  notBbps: 'This complaint was not registered with Bharat BillPay.',
  raised: (complaintId: string) =>
    `Your complaint is registered with Bharat BillPay (complaint id ${complaintId}).`,
  checked: (status: BbpsComplaintStatus) =>
    `Bharat BillPay says: ${BBPS_COMPLAINT_STATUS_LABELS[status]}.`,
  resolvedBy: (remarks: string | null) =>
    `Resolved by Bharat BillPay.${remarks ? ` ${remarks}` : ''}`,
} as const;

/** The subject a BBPS complaint carries in the complaints list. */
export function bbpsComplaintSubject(type: BbpsComplaintType, disposition: string): string {
  return `BBPS ${type}: ${disposition}`.slice(0, 120);
}

function oneOf<T extends string>(values: readonly T[], message: string) {
  return (value: unknown): Check<T> =>
    typeof value === 'string' && (values as readonly string[]).includes(value)
      ? pass(value as T)
      : fail(message);
}

export const checkBbpsDisposition = oneOf(
  BBPS_TRANSACTION_DISPOSITIONS,
  BbpsComplaintMessages.dispositionInvalid,
);
export const checkBbpsServiceReason = oneOf(
  BBPS_SERVICE_REASONS,
  BbpsComplaintMessages.reasonInvalid,
);
export const checkBbpsServiceParty = oneOf(
  BBPS_SERVICE_PARTIES,
  BbpsComplaintMessages.partyInvalid,
);

export function checkBbpsComplaintDescription(value: unknown): Check<string> {
  if (typeof value !== 'string' || value.trim() === '') {
    return fail(BbpsComplaintMessages.descriptionRequired);
  }
  if (!isSafeText(value)) return fail(BbpsComplaintMessages.descriptionUnsafe);
  const text = value.trim();
  if (text.length > COMPLAINT_TEXT_MAX) return fail(BbpsComplaintMessages.descriptionTooLong);
  return pass(text);
}

/** A biller id when one is given (a service complaint against an agent names none). */
export function checkOptionalBbpsBillerId(value: unknown): Check<string | null> {
  if (value === undefined || value === null || value === '') return pass(null);
  if (typeof value !== 'string' || !/^[A-Za-z0-9]{1,40}$/.test(value.trim())) {
    return fail(BbpsComplaintMessages.billerRequired);
  }
  return pass(value.trim());
}

/** A transaction complaint's request body. */
export interface BbpsTransactionComplaintRequest {
  disposition: string;
  description: string;
}

/** A service complaint's request body. */
export interface BbpsServiceComplaintRequest {
  party: BbpsServiceParty;
  billerId?: string | null;
  reason: string;
  description: string;
}
