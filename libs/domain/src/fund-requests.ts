import { addDays } from './business-day.js';
import { type Check, fail, pass } from './check.js';
import { IMPS_MAX, MAX_TRANSFER_AMOUNT, RTGS_MIN } from './limits.js';
import { Messages } from './messages.js';
import { formatPaise, parseRupees, RUPEE, type Paise } from './money.js';

/**
 * Fund requests (issue 13, /admin/paymentRequest → /admin/paymentApproval): a user asks for a
 * top-up it paid into one of the company's bank accounts, with a proof; its upline (or an
 * admin) approves it with a PIN, or rejects it with a reason.
 */

/** The least a request may ask for. */
export const FUND_REQUEST_MIN: Paise = 100 * RUPEE;

/** How the money was paid in, in the order the form offers them. */
export const FUND_REQUEST_MODES = ['IMPS', 'NEFT', 'RTGS', 'UPI', 'CASH', 'CHEQUE'] as const;
export type FundRequestMode = (typeof FUND_REQUEST_MODES)[number];

export const FUND_REQUEST_MODE_LABELS: Readonly<Record<FundRequestMode, string>> = {
  IMPS: 'IMPS',
  NEFT: 'NEFT',
  RTGS: 'RTGS',
  UPI: 'UPI',
  CASH: 'Cash deposit',
  CHEQUE: 'Cheque',
};

export const FUND_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;
export type FundRequestState = (typeof FUND_REQUEST_STATES)[number];

/** The multipart field of the proof, and its limits. */
export const FUND_PROOF_FIELD = 'proof';
export const FUND_PROOF_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart field of a bank statement, and its limits. */
export const BANK_STATEMENT_FIELD = 'statement';
export const BANK_STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
export const BANK_STATEMENT_MAX_LINES = 5000;

export const FUND_REFERENCE_MAX = 40;
export const FUND_REMARK_MAX = 200;
export const FUND_REASON_MAX = 300;
/** How far back a deposit date may go. */
export const FUND_DEPOSIT_MAX_AGE_DAYS = 90;

export const FundRequestMessages = {
  amountBelowMinimum: `The amount must be at least ${formatPaise(FUND_REQUEST_MIN)}.`,
  amountAboveMaximum: `The amount can be at most ${formatPaise(MAX_TRANSFER_AMOUNT)}.`,
  modeRequired: 'Choose how the money was paid: IMPS, NEFT, RTGS, UPI, cash deposit or cheque.',
  /** The payout form's words for the same rails' limits: one rule, one message. */
  rtgsBelowMinimum: Messages.rtgsMin,
  impsAboveMaximum: Messages.impsMax,
  referenceRequired: 'Enter the UTR or reference number of the payment.',
  referenceInvalid: `The UTR or reference can have only letters and digits, at most ${FUND_REFERENCE_MAX}.`,
  bankRequired: 'Choose the company bank account the money was paid into.',
  bankNotFound: 'That company bank account was not found.',
  bankAmbiguous: 'More than one company bank account has that name; choose one by its id.',
  dateRequired: 'Enter the date of the payment (YYYY-MM-DD).',
  dateInFuture: 'The payment date cannot be in the future.',
  dateTooOld: `The payment date can be at most ${FUND_DEPOSIT_MAX_AGE_DAYS} days ago.`,
  remarkTooLong: `The remark can be at most ${FUND_REMARK_MAX} characters.`,
  proofRequired: 'Attach the payment proof: a photo (PNG, JPEG, WebP) or a PDF.',
  proofTooLarge: 'The proof can be at most 2 MB.',
  proofNotAccepted: 'The proof must be a PNG, JPEG or WebP image, or a PDF.',
  proofOneFile: 'Send one proof file with the form fields only.',
  uploadUnreadable: 'The form could not be read; please send it again.',
  utrUsed: 'This UTR / reference has already been used for a payment into this bank account.',
  submitted: 'Your payment request has been sent for approval.',
  notFound: 'Payment request not found',
  alreadyDecided: (state: FundRequestState) => `This payment request has already been ${state}.`,
  notYourApproval: (approver: string) =>
    `This payment request is approved by ${approver}, not by you.`,
  approverLacksFunds: 'Your wallet does not have enough balance to approve this request.',
  reasonRequired: 'Give the reason for the rejection.',
  reasonTooLong: `The reason can be at most ${FUND_REASON_MAX} characters.`,
  actionInvalid: 'Action must be approve or reject.',
  approved: 'Payment request approved and the wallet credited.',
  rejected: 'Payment request rejected.',
  recipientFull: 'The wallet would pass its maximum balance with this amount.',
  lineNotFound: 'That bank statement line was not found.',
  lineClaimed: 'That bank statement line already supports another request.',
  lineMismatch:
    'That bank statement line does not match this request (bank, UTR, amount and date must agree).',
  onlyAdminsMatch: 'Only an admin approves a request against a bank statement line.',
  bankAccountSaved: 'Company bank account saved.',
  bankNameRequired: 'Enter the bank name.',
  accountNameRequired: 'Enter the account holder name.',
  accountNumberInvalid: 'The account number must be 9 to 18 digits.',
  ifscInvalid: 'The IFSC must be 4 letters, a 0, then 6 letters or digits.',
  statementRequired: 'Attach the bank statement as a CSV file.',
  statementTooLarge: 'The statement can be at most 2 MB.',
  statementOneFile: 'Send one statement file with the bank account field only.',
  statementEmpty: 'The statement has no lines.',
  statementTooLong: `The statement can have at most ${BANK_STATEMENT_MAX_LINES} lines.`,
  statementUnreadable: (line: number, why: string) => `Line ${line} of the statement: ${why}`,
  statementColumns:
    'The statement must have a header line with the columns date, utr and amount (credit), and may have description.',
  statementUploaded: 'Bank statement uploaded.',
  statementRepeated: 'This statement was uploaded before; nothing was added.',
} as const;

/** The amount a request asks for: at least ₹100, at most what one transfer may move. */
export function checkFundAmount(input: unknown): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) return amount;
  if (amount.value < FUND_REQUEST_MIN) return fail(FundRequestMessages.amountBelowMinimum);
  if (amount.value > MAX_TRANSFER_AMOUNT) return fail(FundRequestMessages.amountAboveMaximum);
  return amount;
}

export function checkFundMode(input: unknown): Check<FundRequestMode> {
  const value = typeof input === 'string' ? input.trim().toUpperCase() : '';
  const aliases: Record<string, FundRequestMode> = { 'CASH DEPOSIT': 'CASH', CASH_DEPOSIT: 'CASH' };
  const mode = aliases[value] ?? value;
  return (FUND_REQUEST_MODES as readonly string[]).includes(mode)
    ? pass(mode as FundRequestMode)
    : fail(FundRequestMessages.modeRequired);
}

/**
 * The rails' own limits (RBI; `limits.ts`): RTGS only from ₹2,00,000, IMPS at most ₹5,00,000.
 * A request that says it was paid by a rail that cannot carry its amount is refused, and the
 * form offers only the modes that can (issue 23). NEFT, UPI, cash and cheque have no limit here.
 */
export function checkFundModeFits(mode: FundRequestMode, amount: Paise): Check<FundRequestMode> {
  if (mode === 'RTGS' && amount < RTGS_MIN) return fail(FundRequestMessages.rtgsBelowMinimum);
  if (mode === 'IMPS' && amount > IMPS_MAX) return fail(FundRequestMessages.impsAboveMaximum);
  return pass(mode);
}

/** The modes the form offers for an amount (all of them while no amount is typed yet). */
export function fundModesFor(amount: Paise | null): FundRequestMode[] {
  return FUND_REQUEST_MODES.filter((mode) => amount === null || checkFundModeFits(mode, amount).ok);
}

/**
 * A UTR or reference as the bank prints it, compared without case, spaces or dashes (a UTR is
 * letters and digits; people type it with spaces).
 */
export function normalizeReference(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function checkFundReference(input: unknown): Check<string> {
  if (typeof input !== 'string' || !input.trim())
    return fail(FundRequestMessages.referenceRequired);
  const reference = normalizeReference(input);
  return /^[A-Z0-9]{1,40}$/.test(reference)
    ? pass(reference)
    : fail(FundRequestMessages.referenceInvalid);
}

/** The day the money was paid: India's business day, not after `today`, not too long ago. */
export function checkDepositDate(input: unknown, today: string): Check<string> {
  if (typeof input !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.trim())) {
    return fail(FundRequestMessages.dateRequired);
  }
  const day = input.trim();
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    return fail(FundRequestMessages.dateRequired);
  }
  if (day > today) return fail(FundRequestMessages.dateInFuture);
  if (day < addDays(today, -FUND_DEPOSIT_MAX_AGE_DAYS)) return fail(FundRequestMessages.dateTooOld);
  return pass(day);
}

export function checkFundRemark(input: unknown): Check<string | null> {
  if (input === undefined || input === null || input === '') return pass(null);
  if (typeof input !== 'string') return fail(FundRequestMessages.remarkTooLong);
  const remark = input.trim();
  if (remark.length > FUND_REMARK_MAX) return fail(FundRequestMessages.remarkTooLong);
  return pass(remark || null);
}

/** A rejection needs its reason; an approval takes none. */
export function checkFundDecisionReason(
  action: 'approve' | 'reject',
  input: unknown,
): Check<string | null> {
  const reason = typeof input === 'string' ? input.trim() : '';
  if (reason.length > FUND_REASON_MAX) return fail(FundRequestMessages.reasonTooLong);
  if (action === 'reject' && !reason) return fail(FundRequestMessages.reasonRequired);
  return pass(reason || null);
}
