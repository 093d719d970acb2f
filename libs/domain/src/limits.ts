import { type Check, fail, pass } from './check.js';
import { Messages } from './messages.js';
import { type Paise, RUPEE } from './money.js';
import { ErrorCode } from './contract/errors.js';

// Amounts are in paise, durations in milliseconds, counts are plain numbers (spec §9).

/** Payout rate slab 1 covers amounts up to and including ₹25,000. */
export const PAYOUT_SLAB_1_MAX: Paise = 25_000 * RUPEE;
/** Payout rate slab 2 covers ₹25,000.01 up to and including ₹1,00,000; slab 3 is above. */
export const PAYOUT_SLAB_2_MAX: Paise = 100_000 * RUPEE;

/**
 * Payouts must be strictly below ₹2,00,000, so the rule and the spec's message "Amount should
 * be less than 200000" agree word for word.
 */
export const PAYOUT_CAP: Paise = 200_000 * RUPEE;
/** The admin-only unlimited payout must be strictly below ₹10,00,000 ("10 Lacs"). */
export const UNLIMITED_PAYOUT_CAP: Paise = 1_000_000 * RUPEE;

/** RBI rail rules: IMPS carries at most ₹5,00,000 per transaction. */
export const IMPS_MAX: Paise = 500_000 * RUPEE;
/** RBI rail rules: RTGS is for ₹2,00,000 and above. */
export const RTGS_MIN: Paise = 200_000 * RUPEE;

/**
 * The most one wallet credit or wallet-to-wallet transfer may move: ₹1,00,00,000 (one crore),
 * well above a distributor's largest top-up and far from any rounding edge.
 */
export const MAX_TRANSFER_AMOUNT: Paise = 1_00_00_000 * RUPEE;
/**
 * The most a wallet may hold: ₹10,00,00,000 (ten crore). Checked atomically by the ledger on
 * every credit and transfer into a wallet, so a burst of credits cannot pass it either; money
 * coming back from a returned payout is never refused by it.
 */
export const MAX_WALLET_BALANCE: Paise = 10_00_00_000 * RUPEE;

/** AEPS settlement fee is ₹8 up to and including ₹25,000, ₹15 above. */
export const AEPS_FEE_SLAB_MAX: Paise = 25_000 * RUPEE;

/** The same amount to the same account and IFSC within this window asks for confirmation. */
export const DUPLICATE_PAYMENT_WINDOW_MS = 20 * 60 * 1000;

export const PREVIOUS_TRANSACTIONS_MAX = 20;
export const PREVIOUS_TRANSACTIONS_DEFAULT = 5;
export const MAX_AEPS_ACCOUNTS = 2;
export const LOGIN_HISTORY_ENTRIES = 2;
export const TERMS_FLAG_DAYS = 1;
export const LOCATION_RETRY_COUNT = 3;
export const LOCATION_RETRY_DELAY_MS = 3000;
export const PRINT_POPUP_DELAY_MS = 800;
export const HELP_VIBRATION_MS = 1001;
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 10;
export const MOBILE_DIGITS = 10;
export const ACCOUNT_NUMBER_MIN_DIGITS = 9;
export const ACCOUNT_NUMBER_MAX_DIGITS = 18;

/** Response code that clears every cookie and sends the user to /login (spec §4). */
export const FORCED_LOGOUT_CODE = ErrorCode.SessionEnded;

/**
 * Which cap a payout is held to: the normal one, or the admin's unlimited payout. (Not the
 * payout's kind, bank payout or AEPS settlement: that is `PayoutKind` in the contract.)
 */
export type PayoutCap = 'normal' | 'unlimited';

/** A payout amount must be strictly below its cap; the refusal is the spec's message. */
export function checkPayoutCap(amount: Paise, cap: PayoutCap = 'normal'): Check<Paise> {
  if (cap === 'unlimited') {
    return amount < UNLIMITED_PAYOUT_CAP ? pass(amount) : fail(Messages.unlimitedPayoutCap);
  }
  return amount < PAYOUT_CAP ? pass(amount) : fail(Messages.payoutCap);
}

/** How many previous transactions to check: the default when absent, at most 20. */
export function checkPreviousTransactionsLimit(input: unknown): Check<number> {
  if (input === undefined || input === null || input === '') {
    return pass(PREVIOUS_TRANSACTIONS_DEFAULT);
  }
  const limit = typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    return fail(Messages.previousTransactionsMin);
  }
  if (limit > PREVIOUS_TRANSACTIONS_MAX) return fail(Messages.previousTransactionsMax);
  return pass(limit);
}

/** Add Beneficiary shows on the AEPS screen only while fewer than 2 accounts exist. */
export function canAddAepsAccount(existingAccounts: number): boolean {
  return existingAccounts < MAX_AEPS_ACCOUNTS;
}

export function isForcedLogout(code: unknown): boolean {
  return code === FORCED_LOGOUT_CODE;
}
