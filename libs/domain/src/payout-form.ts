import { checkAccountNumber, checkIfsc } from './bank-account.js';
import { type Check, fail, pass } from './check.js';
import { isBlank, isMissingText, text } from './fields.js';
import { IMPS_MAX, type PayoutCap, RTGS_MIN, checkPayoutCap } from './limits.js';
import { Messages } from './messages.js';
import { type Paise, parseRupees } from './money.js';
import { checkPayoutPin } from './pin.js';

export const PAYMENT_MODES = ['IMPS', 'NEFT', 'RTGS'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** The payout form opens with IMPS chosen. */
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'IMPS';

export type PayoutFormInput = {
  paymentMode?: unknown;
  amount?: unknown;
  name?: unknown;
  accountNumber?: unknown;
  ifscCode?: unknown;
  pin?: unknown;
};
export type PayoutForm = {
  paymentMode: PaymentMode;
  amount: Paise;
  name: string;
  accountNumber: string;
  ifscCode: string;
  pin: string;
};

export function isPaymentMode(value: unknown): value is PaymentMode {
  return PAYMENT_MODES.some((mode) => mode === value);
}

export type PayoutDetails = Omit<PayoutForm, 'pin'>;

/**
 * The whole payout form, in the order the screen asks: the details, then the amount against
 * its cap and the rail, then the PIN. `unlimited` is the admin-only unlimited payout.
 */
export function checkPayoutForm(
  input: PayoutFormInput,
  cap: PayoutCap = 'normal',
): Check<PayoutForm> {
  const details = checkPayoutDetails(input, cap);
  if (!details.ok) return details;
  const pin = checkPayoutPin(input.pin);
  if (!pin.ok) return pin;
  return pass({ ...details.value, pin: pin.value });
}

/**
 * The payout form without its PIN: what a partner's signed API call sends, where the key and
 * the signature stand in for the PIN (docs/decisions.md, "Issue 12: partners").
 */
export function checkPayoutDetails(
  input: PayoutFormInput,
  cap: PayoutCap = 'normal',
): Check<PayoutDetails> {
  const { paymentMode, amount, name, accountNumber, ifscCode } = input;
  if ([paymentMode, amount, accountNumber, ifscCode].some(isBlank) || isMissingText(name)) {
    return fail(Messages.payoutFieldsRequired);
  }
  if (!isPaymentMode(paymentMode)) return fail(Messages.paymentModeInvalid);
  const paise = checkPayoutAmount(amount, paymentMode, cap);
  if (!paise.ok) return paise;
  const account = checkAccountNumber(accountNumber);
  if (!account.ok) return account;
  const ifsc = checkIfsc(ifscCode);
  if (!ifsc.ok) return ifsc;
  return pass({
    paymentMode,
    amount: paise.value,
    name: text(name),
    accountNumber: account.value,
    ifscCode: ifsc.value,
  });
}

/** A payout amount: rupees with at most 2 decimals, above zero, below its cap, fit for the rail. */
export function checkPayoutAmount(
  input: unknown,
  mode: PaymentMode,
  cap: PayoutCap = 'normal',
): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) return amount;
  if (amount.value === 0) return fail(Messages.amountNotPositive);
  const capped = checkPayoutCap(amount.value, cap);
  if (!capped.ok) return capped;
  return checkRail(amount.value, mode);
}

/**
 * IMPS carries at most ₹5,00,000 and RTGS starts at ₹2,00,000. Under the normal cap (below
 * ₹2,00,000) RTGS is therefore only reachable through the unlimited payout.
 */
export function checkRail(amount: Paise, mode: PaymentMode): Check<Paise> {
  if (mode === 'IMPS' && amount > IMPS_MAX) return fail(Messages.impsMax);
  if (mode === 'RTGS' && amount < RTGS_MIN) return fail(Messages.rtgsMin);
  return pass(amount);
}
