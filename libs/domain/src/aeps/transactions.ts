import { type Check, fail, pass } from '../check.js';
import { formatPaise, type Paise, parseRupees, RUPEE } from '../money.js';
import { checkMobile } from '../mobile.js';
import { checkAadhaar } from './aadhaar.js';

/**
 * AEPS at the counter (issue 26): a customer with no ATM nearby puts a finger on the shop's
 * scanner, gives an Aadhaar number and a bank, and takes cash (cash withdrawal), learns the
 * balance (balance enquiry), sees the last transactions (mini statement) or pays the shop
 * (Aadhaar Pay). The limits are NPCI's (india-rails.md §0, §2.4) and are configuration.
 */

export const AEPS_KINDS = ['withdrawal', 'balance', 'statement', 'aadhaarPay'] as const;
export type AepsKind = (typeof AEPS_KINDS)[number];

export const AEPS_KIND_LABELS: Readonly<Record<AepsKind, string>> = {
  withdrawal: 'Cash withdrawal',
  balance: 'Balance enquiry',
  statement: 'Mini statement',
  aadhaarPay: 'Aadhaar Pay',
};

/** The kinds that move money (and need the agent's daily authentication). */
export const AEPS_MONEY_KINDS: readonly AepsKind[] = ['withdrawal', 'aadhaarPay'];

export function isAepsKind(value: unknown): value is AepsKind {
  return (AEPS_KINDS as readonly unknown[]).includes(value);
}

export interface AepsLimits {
  minimum: Paise;
  /** NPCI: ₹10,000 per cash-withdrawal transaction. */
  perTransaction: Paise;
  /** NPCI: at most 5 approved withdrawals per customer per terminal per day (India's day). */
  withdrawalsPerCustomerPerDay: number;
}

export const DEFAULT_AEPS_LIMITS: AepsLimits = {
  minimum: 100 * RUPEE,
  perTransaction: 10_000 * RUPEE,
  withdrawalsPerCustomerPerDay: 5,
};

/**
 * Aadhaar Pay: the merchant's fee, basis points of the amount (the market prices it 0.3–1%,
 * india-rails.md §2.4), GST inside. The shop is credited the amount less the fee.
 */
export const DEFAULT_AADHAAR_PAY_FEE_BP = 50;

/** A bank that takes AEPS, by its IIN (the NPCI issuer identification number). */
export interface AepsBank {
  iin: string;
  name: string;
}

/**
 * The banks the sandbox provider takes. A real provider's bank-list call (IPAY's `bankiin`
 * list) replaces this list behind the same field; the IINs are NPCI's as the public lists give
 * them (docs/api.md, "AEPS").
 */
export const AEPS_BANKS: readonly AepsBank[] = [
  { iin: '607094', name: 'State Bank of India' },
  { iin: '607027', name: 'Punjab National Bank' },
  { iin: '606985', name: 'Bank of Baroda' },
  { iin: '607396', name: 'Canara Bank' },
  { iin: '607161', name: 'Union Bank of India' },
  { iin: '508505', name: 'Bank of India' },
  { iin: '607264', name: 'Central Bank of India' },
  { iin: '607105', name: 'Indian Bank' },
  { iin: '607126', name: 'Indian Overseas Bank' },
  { iin: '607066', name: 'UCO Bank' },
  { iin: '607152', name: 'HDFC Bank' },
  { iin: '508534', name: 'ICICI Bank' },
  { iin: '607153', name: 'Axis Bank' },
  { iin: '608314', name: 'India Post Payments Bank' },
];

export function aepsBankOf(iin: string): AepsBank | undefined {
  return AEPS_BANKS.find((bank) => bank.iin === iin);
}

export const AepsMessages = {
  bankRequired: 'Please choose the customer’s bank.',
  amountBelowMinimum: (limits: AepsLimits) => `The least amount is ${formatPaise(limits.minimum)}.`,
  amountAbovePerTransaction: (limits: AepsLimits) =>
    `One withdrawal can be at most ${formatPaise(limits.perTransaction)}.`,
  amountInvalid: 'Please enter the amount in rupees, such as 2500.',
  kindInvalid: 'Please choose cash withdrawal, balance enquiry, mini statement or Aadhaar Pay.',
  pidRequired: 'Please capture the customer’s fingerprint.',
  agentPidRequired: 'Please capture your own fingerprint.',
  pidInvalid: 'The fingerprint data is not readable. Please capture again.',
  pidReplayed: 'This fingerprint capture was already used. Please capture again.',
  dailyAuthNeeded:
    'Please authenticate with your own fingerprint first: it is needed once a day before the first withdrawal.',
  agentNotRegistered:
    'Please complete your AEPS registration (e-KYC with your fingerprint) before serving customers.',
  alreadyRegistered: 'You are already registered for AEPS.',
  customerDayLimit: (limits: AepsLimits) =>
    `This customer has had ${limits.withdrawalsPerCustomerPerDay} withdrawals at this shop today, the most NPCI allows. Please ask them to come back tomorrow.`,
  transactionNotFound: 'Transaction not found.',
  transactionIdInvalid: 'The transaction id is not valid.',
  keyReused: 'This Idempotency-Key was used for another transaction.',
  pending:
    'The bank has not confirmed yet. Do not pay cash until it does: Khata asks the bank again and the result shows here.',
  moveAmountInvalid: 'Please enter an amount to move, at most your AEPS balance.',
} as const;

/** What the AEPS screen sends for one transaction, as the API checks it. */
export interface AepsTransactionInput {
  kind: AepsKind;
  aadhaar: string;
  bankIin: string;
  mobile: string;
  /** Paise; 0 for balance enquiry and mini statement. */
  amount: Paise;
}

export function checkAepsTransaction(
  input: Record<string, unknown>,
  limits: AepsLimits = DEFAULT_AEPS_LIMITS,
): Check<AepsTransactionInput> {
  const { kind } = input;
  if (!isAepsKind(kind)) return fail(AepsMessages.kindInvalid);
  const aadhaar = checkAadhaar(input['aadhaar']);
  if (!aadhaar.ok) return aadhaar;
  const bankIin = typeof input['bankIin'] === 'string' ? input['bankIin'].trim() : '';
  if (!aepsBankOf(bankIin)) return fail(AepsMessages.bankRequired);
  const mobile = checkMobile(input['mobile']);
  if (!mobile.ok) return mobile;
  let amount: Paise = 0;
  if (AEPS_MONEY_KINDS.includes(kind)) {
    const parsed = parseRupees(input['amount']);
    if (!parsed.ok) return fail(AepsMessages.amountInvalid);
    amount = parsed.value;
    if (amount < limits.minimum) return fail(AepsMessages.amountBelowMinimum(limits));
    if (amount > limits.perTransaction) return fail(AepsMessages.amountAbovePerTransaction(limits));
  }
  return pass({ kind, aadhaar: aadhaar.value, bankIin, mobile: mobile.value, amount });
}

/** One line of a mini statement, as the bank gives it (rupees as the API answers). */
export interface MiniStatementLine {
  /** India date, YYYY-MM-DD. */
  date: string;
  type: 'Cr' | 'Dr';
  amount: number;
  narration: string;
}

/**
 * RBI's turnaround for a failed AEPS debit (RBI/2019-20/67): the bank debited the customer but
 * the transaction failed; the credit adjustment is due by T+5 (India days), and ₹100 a day is
 * owed to the customer for each day after.
 */
export const AEPS_REVERSAL_TAT_DAYS = 5;
export const AEPS_LATE_REVERSAL_PER_DAY: Paise = 100 * RUPEE;
