import { type Check, blank, fail, pass } from '../check.js';
import { formatPaise, type Paise, parseRupees, RUPEE } from '../money.js';
import { checkMobile } from '../mobile.js';

/**
 * A bill payment through Bharat BillPay (issue 27): the shop pays a customer's bill from its
 * wallet; the amount and the customer convenience fee (CCF) are held at once, paid at success,
 * released at failure; a timeout is pending, settled by status enquiry, never paid twice.
 */

export const BBPS_PAYMENT_STATUSES = ['queued', 'processing', 'processed', 'failed'] as const;
export type BbpsPaymentStatus = (typeof BBPS_PAYMENT_STATUSES)[number];

export interface BbpsLimits {
  /** The least a shop may pay on one bill (BBPS has no floor; ₹1 is ours). */
  minimum: Paise;
  /** The most on one bill from a shop's wallet (our choice, docs/decisions.md). */
  perPayment: Paise;
  /** A credit card bill's most per payment (the card's limit policy: RBI's cash-like cap). */
  creditCardPerPayment: Paise;
}

export const DEFAULT_BBPS_LIMITS: BbpsLimits = {
  minimum: 1 * RUPEE,
  perPayment: 2_00_000 * RUPEE,
  creditCardPerPayment: 2_00_000 * RUPEE,
};

/** BBPS `refId`: 35 alphanumeric characters, unique per transaction (india-rails.md §3). */
export const BBPS_REF_LENGTH = 35;

export const BbpsMessages = {
  amountRequired: 'Please enter the amount to pay.',
  amountInvalid: 'Please enter an amount in rupees with at most 2 decimals.',
  amountBelowMinimum: (limits: BbpsLimits) =>
    `The least you can pay is ${formatPaise(limits.minimum)}.`,
  amountAboveLimit: (max: Paise) => `At most ${formatPaise(max)} can be paid on one bill.`,
  customerMobileInvalid: "Please enter the customer's 10-digit mobile number.",
  fetchNotFound: 'This bill is no longer on record: please fetch it again.',
  fetchMismatch: 'The fetched bill is for another biller or customer: please fetch it again.',
  fetchExpired: 'This bill was fetched too long ago: please fetch it again.',
  noBillDue: 'No bill is due for this customer.',
  alreadyPaid: (reference: string | null) =>
    reference
      ? `This bill is already paid (BBPS reference ${reference}).`
      : 'This bill is already being paid: see its receipt in the bill report.',
  insufficientFunds: 'Not enough balance in your wallet for this bill and its fee.',
  pending:
    'Bharat BillPay has not confirmed this payment yet. The money stays held; it will be settled by a status check.',
  keyReused: 'This Idempotency-Key was already used for a different payment.',
  paymentIdInvalid: 'Payment id must be a valid id.',
  paymentNotFound: 'Bill payment not found.',
  providerDown: 'Bharat BillPay did not answer. Please try again in a minute.',
  geocodeInvalid: 'The shop location must be "latitude,longitude".',
  geocodeRequired:
    "Bharat BillPay needs the shop's location: allow location access in the browser and try again.",
  postalCodeInvalid: 'The postal code must be 6 digits.',
} as const;

/** The amount and the customer's mobile of a payment form (the biller and bill are checked apart). */
export interface BbpsPaymentForm {
  amount: Paise;
  customerMobile: string;
}

export function checkBbpsPaymentForm(
  body: { amount?: unknown; customerMobile?: unknown },
  limits: BbpsLimits,
  max: Paise = limits.perPayment,
): Check<BbpsPaymentForm> {
  if (blank(body.amount)) return fail(BbpsMessages.amountRequired);
  const amount = parseRupees(body.amount);
  if (!amount.ok) return fail(BbpsMessages.amountInvalid);
  if (amount.value < limits.minimum) return fail(BbpsMessages.amountBelowMinimum(limits));
  if (amount.value > max) return fail(BbpsMessages.amountAboveLimit(max));
  const mobile = checkMobile(body.customerMobile);
  if (!mobile.ok) return fail(BbpsMessages.customerMobileInvalid);
  return pass({ amount: amount.value, customerMobile: mobile.value });
}

/** The agent's device tags BBPS requires of an AGT channel (india-rails.md §3). */
export interface BbpsAgentDevice {
  terminalId: string;
  mobile: string;
  /** "lat,long" with 4 decimals. */
  geocode: string;
  postalCode: string;
}

export function checkGeocode(value: unknown): Check<string> {
  if (typeof value !== 'string') return fail(BbpsMessages.geocodeInvalid);
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return fail(BbpsMessages.geocodeInvalid);
  const lat = Number(match[1]);
  const long = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(long) > 180) return fail(BbpsMessages.geocodeInvalid);
  return pass(`${lat.toFixed(4)},${long.toFixed(4)}`);
}

export function checkPostalCode(value: unknown): Check<string> {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{5}$/.test(text.trim())) {
    return fail(BbpsMessages.postalCodeInvalid);
  }
  return pass(text.trim());
}

/** BBPS complaints (india-rails.md §3): transaction-based with NPCI's dispositions, or service-based. */
export const BBPS_COMPLAINT_TYPES = ['transaction', 'service'] as const;
export type BbpsComplaintType = (typeof BBPS_COMPLAINT_TYPES)[number];

export const BBPS_TRANSACTION_DISPOSITIONS = [
  'Transaction Successful, account not updated',
  'Amount deducted, biller account credited but transaction ID not received',
  'Amount deducted, biller account not credited & transaction ID not received',
  'Amount deducted multiple times',
  'Double payment updated',
  'Erroneously paid in wrong account',
  'Others, provide details in description',
] as const;

export const BBPS_SERVICE_PARTIES = ['agent', 'biller'] as const;
export type BbpsServiceParty = (typeof BBPS_SERVICE_PARTIES)[number];

export const BBPS_SERVICE_REASONS = [
  'Agent not willing to print receipt',
  'Agent misbehaved',
  'Agent outlet closed',
  'Agent denying registration of complaint',
  'Agent not accepting certain bills',
  'Agent overcharging',
  'Biller not updating payments',
  'Others, provide details in description',
] as const;

/** BBPS complaint statuses as the central system reports them. */
export const BBPS_COMPLAINT_STATUSES = [
  'logged',
  'assigned',
  'pending-with-bbpou',
  'resolved',
  'reassigned',
  'escalated',
] as const;
export type BbpsComplaintStatus = (typeof BBPS_COMPLAINT_STATUSES)[number];

export const BBPS_COMPLAINT_STATUS_LABELS: Readonly<Record<BbpsComplaintStatus, string>> = {
  logged: 'Logged',
  assigned: 'Assigned',
  'pending-with-bbpou': 'Pending with BBPOU',
  resolved: 'Resolved',
  reassigned: 'Reassigned',
  escalated: 'Escalated',
};

/** The complaint's resolution deadline, in days, is configuration; this is the default. */
export const DEFAULT_BBPS_COMPLAINT_TAT_DAYS = 7;
