import { type Check, fail, pass } from '../check.js';
import { addDays, indiaDayStart, indiaMonth } from '../business-day.js';
import { formatPaise, type Paise, parseRupees, RUPEE } from '../money.js';
import {
  DmtMessages,
  type DmtTransferMode,
  REMITTER_MONTH_LIMIT_PAISE,
  REMITTER_STATES,
  remitterIsRegistered,
  type RemitterState,
} from './remitters.js';
import { isPpiKycTier, PpiMessages, ppiTierMayTransfer } from './ppi.js';

/**
 * DMT transfers for walk-in customers (issue 25): the limits RBI and the providers set on a
 * cash-funded domestic money transfer, and the pure decisions of the transfer and refund
 * commands. The API loads the facts (in one transaction, with the remitter's row locked),
 * asks these, and commits what they answer; the same functions answer the console's form.
 */

/** The limits of a cash-funded transfer. Configuration: the defaults are RBI's and the providers'. */
export interface DmtLimits {
  /** The least one transfer may carry. */
  minimum: Paise;
  /** The most one cash-funded transaction may carry (RBI, DMT framework). */
  perTransaction: Paise;
  /** The most one remitter may send in one calendar month, India's month, across all shops. */
  perMonth: Paise;
}

/** ₹100 minimum, ₹5,000 a cash-funded transaction, ₹25,000 a remitter a month (india-rails.md §1.2). */
export const DEFAULT_DMT_LIMITS: DmtLimits = {
  minimum: 100 * RUPEE,
  perTransaction: 5_000 * RUPEE,
  perMonth: REMITTER_MONTH_LIMIT_PAISE,
};

export const DMT_MODES = ['IMPS', 'NEFT'] as const satisfies readonly DmtTransferMode[];
export type DmtMode = DmtTransferMode;

export function isDmtMode(value: unknown): value is DmtMode {
  return (DMT_MODES as readonly unknown[]).includes(value);
}

/**
 * One OTP per transfer, never one for a set (docs/decisions.md, issue 25): RBI's additional
 * factor of authentication is per transaction, and a code bound to one beneficiary, amount and
 * mode cannot be replayed on another. A larger amount is offered as several transfers, each its
 * own OTP, PIN, transaction and receipt.
 */
export const DMT_ONE_OTP_PER_TRANSFER = true;

/**
 * What a transfer failed by hand tells the customer when the admin leaves it blank: the money is
 * not back by itself (refund pending until the customer's OTP at the counter).
 */
export const DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE =
  'The bank did not complete this transfer. The shop refunds it with your OTP.';

export const DmtTransferMessages = {
  amountBelowMinimum: (limits: DmtLimits) =>
    `The least one transfer can send is ${formatPaise(limits.minimum)}.`,
  amountAbovePerTransaction: (limits: DmtLimits) =>
    `One transfer can send at most ${formatPaise(limits.perTransaction)}: send a larger amount as several transfers.`,
  monthExceeded: (left: Paise) =>
    left > 0
      ? `This remitter can send only ${formatPaise(left)} more this month.`
      : "This remitter has used this month's limit.",
  modeInvalid: 'Please choose IMPS or NEFT.',
  remitterUnknown: DmtMessages.remitterNotFound,
  remitterNotVerified: DmtMessages.remitterNotRegistered,
  beneficiaryUnknown: DmtMessages.beneficiaryNotFound,
  beneficiaryNotActive: DmtMessages.beneficiaryNotActive,
  splitNothing: 'Please enter an amount to send.',
  transferNotFound: 'Transfer not found.',
  refundNotDue: 'This transfer did not fail: there is nothing to refund.',
  refundDone: 'This transfer was refunded already.',
  transferIdInvalid: 'The transfer id is not valid.',
  statusFilterInvalid: `Status must be one of queued, processing, processed, failed, reversed, refundPending, refunded.`,
  keyReused: 'This Idempotency-Key was used for another transfer.',
  otpSent: "The OTP is sent to the remitter's mobile.",
  queued: 'The transfer is accepted and on its way.',
  refundOtpSent: "The refund OTP is sent to the remitter's mobile.",
  refunded: "The transfer is refunded to the shop's wallet.",
  /** Hand resolution (admin): what the answer says, after the provider's answer or the admin's. */
  resolved: (status: string, by: 'rail' | 'hand') =>
    (by === 'rail'
      ? `The provider answered after all: the transfer is ${status}.`
      : `The transfer is marked ${status}.`) +
    (status === 'processed' ? '' : " Its money waits for the customer's refund OTP."),
  resolveStatusInvalid: 'Status must be processed or failed.',
  resolveUtrInvalid: 'The UTR must be 6 to 35 letters or digits.',
  transferSms: (code: string, amount: Paise, last4: string, minutes: number) =>
    `${code} is the OTP to send ${formatPaise(amount)} to the account ending ${last4}. Valid ${minutes} minutes. Do not share it. - Khata`,
  refundSms: (code: string, amount: Paise, minutes: number) =>
    `${code} is the OTP to take back ${formatPaise(amount)} of a failed transfer in cash. Valid ${minutes} minutes. - Khata`,
} as const;

/** A transfer amount as a form sends it (rupees), within one transaction's limits. */
export function checkDmtAmount(
  input: unknown,
  limits: DmtLimits = DEFAULT_DMT_LIMITS,
): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) return amount;
  if (amount.value < limits.minimum) return fail(DmtTransferMessages.amountBelowMinimum(limits));
  if (amount.value > limits.perTransaction) {
    return fail(DmtTransferMessages.amountAbovePerTransaction(limits));
  }
  return pass(amount.value);
}

export function checkDmtMode(input: unknown): Check<DmtMode> {
  return isDmtMode(input) ? pass(input) : fail(DmtTransferMessages.modeInvalid);
}

/** The India calendar month a moment falls in, and its bounds: [from, to). */
export interface DmtMonth {
  month: string;
  from: Date;
  to: Date;
}

export function dmtMonthOf(at: Date): DmtMonth {
  const month = indiaMonth(at);
  const from = indiaDayStart(`${month}-01`);
  // The 1st of the next month: 32 days after the 1st lands in it, whatever the month's length.
  const next = `${addDays(`${month}-01`, 32).slice(0, 7)}-01`;
  return { month, from, to: indiaDayStart(next) };
}

/** What a remitter may still send this month. */
export function dmtMonthLeft(used: Paise, limits: DmtLimits = DEFAULT_DMT_LIMITS): Paise {
  return Math.max(0, limits.perMonth - used);
}

/** The facts a transfer is decided on, loaded with the remitter's row locked. */
export interface DmtTransferFacts {
  amount: Paise;
  mode: unknown;
  /** The remitter's state, or undefined when no remitter has the mobile. */
  remitterState: string | undefined;
  /** The beneficiary, or undefined when it is not this remitter's. */
  beneficiary: { state: string } | undefined;
  /** This India month's transfers of the remitter that are not failed or refunded, all shops. */
  monthUsed: Paise;
  /**
   * A PPI transfer: the sender's wallet profile from the provider (null: never looked up).
   * Absent for a DMT transfer, which has no wallet.
   */
  wallet?: { tier: string } | null;
}

export type DmtTransferRefusal =
  | 'amount'
  | 'mode'
  | 'remitter-unknown'
  | 'remitter-not-verified'
  | 'beneficiary-unknown'
  | 'beneficiary-not-active'
  | 'wallet-unknown'
  | 'kyc-tier'
  | 'month-exceeded';

export type DmtTransferDecision =
  | { do: 'open'; amount: Paise; mode: DmtMode; monthLeftAfter: Paise }
  | { do: 'refuse'; because: DmtTransferRefusal; message: string };

/**
 * Whether a transfer may open: the amount within one transaction's limits, a mode, a remitter
 * that completed registration (or e-KYC), for PPI a full-KYC wallet, an active beneficiary of
 * that remitter, and room in the remitter's month (PPI: the provider's limit, in `limits`). Checked in this order, so the customer hears the first thing to fix.
 */
export function decideDmtTransfer(
  facts: DmtTransferFacts,
  limits: DmtLimits = DEFAULT_DMT_LIMITS,
): DmtTransferDecision {
  const refuse = (because: DmtTransferRefusal, message: string): DmtTransferDecision => ({
    do: 'refuse',
    because,
    message,
  });
  if (!Number.isSafeInteger(facts.amount) || facts.amount < limits.minimum) {
    return refuse('amount', DmtTransferMessages.amountBelowMinimum(limits));
  }
  if (facts.amount > limits.perTransaction) {
    return refuse('amount', DmtTransferMessages.amountAbovePerTransaction(limits));
  }
  if (!isDmtMode(facts.mode)) return refuse('mode', DmtTransferMessages.modeInvalid);
  if (facts.remitterState === undefined) {
    return refuse('remitter-unknown', DmtTransferMessages.remitterUnknown);
  }
  const known = (REMITTER_STATES as readonly string[]).includes(facts.remitterState);
  if (!known || !remitterIsRegistered(facts.remitterState as RemitterState)) {
    return refuse('remitter-not-verified', DmtTransferMessages.remitterNotVerified);
  }
  if (facts.wallet === null) return refuse('wallet-unknown', PpiMessages.walletUnknown);
  if (facts.wallet && !(isPpiKycTier(facts.wallet.tier) && ppiTierMayTransfer(facts.wallet.tier))) {
    return refuse('kyc-tier', PpiMessages.minimumKyc);
  }
  if (!facts.beneficiary) {
    return refuse('beneficiary-unknown', DmtTransferMessages.beneficiaryUnknown);
  }
  if (facts.beneficiary.state !== 'active') {
    return refuse('beneficiary-not-active', DmtTransferMessages.beneficiaryNotActive);
  }
  const left = dmtMonthLeft(facts.monthUsed, limits);
  if (facts.amount > left) return refuse('month-exceeded', DmtTransferMessages.monthExceeded(left));
  return {
    do: 'open',
    amount: facts.amount,
    mode: facts.mode,
    monthLeftAfter: left - facts.amount,
  };
}

/**
 * A larger amount the customer wants, offered as several transfers of at most one
 * transaction's limit, each at least the minimum: ₹12,000 → ₹5,000 + ₹5,000 + ₹2,000. A
 * remainder below the minimum is made up from the transfer before it (₹10,050 → ₹5,000 +
 * ₹4,950 + ₹100). Refused beyond what the remitter has left this month (`monthLeft`). Each
 * part is its own transaction with its own OTP (DMT_ONE_OTP_PER_TRANSFER).
 */
export function splitIntoTransfers(
  amount: Paise,
  { limits = DEFAULT_DMT_LIMITS, monthLeft }: { limits?: DmtLimits; monthLeft?: Paise } = {},
): Check<Paise[]> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return fail(DmtTransferMessages.splitNothing);
  if (amount < limits.minimum) return fail(DmtTransferMessages.amountBelowMinimum(limits));
  if (monthLeft !== undefined && amount > monthLeft) {
    return fail(DmtTransferMessages.monthExceeded(monthLeft));
  }
  const parts: Paise[] = [];
  let rest = amount;
  while (rest > limits.perTransaction) {
    parts.push(limits.perTransaction);
    rest -= limits.perTransaction;
  }
  if (rest < limits.minimum && parts.length > 0) {
    const short = limits.minimum - rest;
    parts[parts.length - 1]! -= short;
    rest += short;
  }
  parts.push(rest);
  return pass(parts);
}

/** Where a transfer's money stands after a failure: held for the customer, or back in the wallet. */
export const DMT_REFUND_STATES = ['none', 'pending', 'refunded'] as const;
export type DmtRefundState = (typeof DMT_REFUND_STATES)[number];

export type DmtRefundDecision =
  | { do: 'refund' }
  | { do: 'replay' }
  | { do: 'refuse'; because: 'not-due' | 'refunded'; message: string };

/**
 * A refund confirmed with the customer's OTP: due only while the transfer's refund is pending
 * (it failed, or came back, after the wallet was held). A refund already made replays for the
 * same confirmation (a double click) and is never made twice.
 */
export function decideDmtRefund(
  refundState: DmtRefundState,
  { confirming = true }: { confirming?: boolean } = {},
): DmtRefundDecision {
  if (refundState === 'pending') return { do: 'refund' };
  if (refundState === 'refunded') {
    return confirming
      ? { do: 'replay' }
      : { do: 'refuse', because: 'refunded', message: DmtTransferMessages.refundDone };
  }
  return { do: 'refuse', because: 'not-due', message: DmtTransferMessages.refundNotDue };
}

/** What a transfers list may be filtered by: a status, or the refund queues. */
export const DMT_TRANSFER_STATUS_FILTERS = [
  'queued',
  'processing',
  'processed',
  'failed',
  'reversed',
  'refundPending',
  'refunded',
] as const;
export type DmtTransferStatusFilter = (typeof DMT_TRANSFER_STATUS_FILTERS)[number];

export function isDmtTransferStatusFilter(value: unknown): value is DmtTransferStatusFilter {
  return (DMT_TRANSFER_STATUS_FILTERS as readonly unknown[]).includes(value);
}
