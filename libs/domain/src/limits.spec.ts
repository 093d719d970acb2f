import { describe, it, expect } from '@jest/globals';
import * as limits from './limits.js';
import { Messages } from './messages.js';

const {
  canAddAepsAccount,
  checkPayoutCap,
  checkPreviousTransactionsLimit,
  isForcedLogout,
  PAYOUT_CAP,
  UNLIMITED_PAYOUT_CAP,
} = limits;

describe('the business constants of spec §9', () => {
  it('keeps amounts in paise and durations in milliseconds', () => {
    expect({
      PAYOUT_SLAB_1_MAX: limits.PAYOUT_SLAB_1_MAX,
      PAYOUT_SLAB_2_MAX: limits.PAYOUT_SLAB_2_MAX,
      PAYOUT_CAP: limits.PAYOUT_CAP,
      UNLIMITED_PAYOUT_CAP: limits.UNLIMITED_PAYOUT_CAP,
      IMPS_MAX: limits.IMPS_MAX,
      RTGS_MIN: limits.RTGS_MIN,
      AEPS_FEE_SLAB_MAX: limits.AEPS_FEE_SLAB_MAX,
      DUPLICATE_PAYMENT_WINDOW_MS: limits.DUPLICATE_PAYMENT_WINDOW_MS,
      PREVIOUS_TRANSACTIONS_MAX: limits.PREVIOUS_TRANSACTIONS_MAX,
      PREVIOUS_TRANSACTIONS_DEFAULT: limits.PREVIOUS_TRANSACTIONS_DEFAULT,
      MAX_AEPS_ACCOUNTS: limits.MAX_AEPS_ACCOUNTS,
      LOGIN_HISTORY_ENTRIES: limits.LOGIN_HISTORY_ENTRIES,
      TERMS_FLAG_DAYS: limits.TERMS_FLAG_DAYS,
      LOCATION_RETRY_COUNT: limits.LOCATION_RETRY_COUNT,
      LOCATION_RETRY_DELAY_MS: limits.LOCATION_RETRY_DELAY_MS,
      PRINT_POPUP_DELAY_MS: limits.PRINT_POPUP_DELAY_MS,
      HELP_VIBRATION_MS: limits.HELP_VIBRATION_MS,
      PIN_MIN_LENGTH: limits.PIN_MIN_LENGTH,
      PIN_MAX_LENGTH: limits.PIN_MAX_LENGTH,
      MOBILE_DIGITS: limits.MOBILE_DIGITS,
      FORCED_LOGOUT_CODE: limits.FORCED_LOGOUT_CODE,
    }).toEqual({
      PAYOUT_SLAB_1_MAX: 2500000,
      PAYOUT_SLAB_2_MAX: 10000000,
      PAYOUT_CAP: 20000000,
      UNLIMITED_PAYOUT_CAP: 100000000,
      IMPS_MAX: 50000000,
      RTGS_MIN: 20000000,
      AEPS_FEE_SLAB_MAX: 2500000,
      DUPLICATE_PAYMENT_WINDOW_MS: 1200000,
      PREVIOUS_TRANSACTIONS_MAX: 20,
      PREVIOUS_TRANSACTIONS_DEFAULT: 5,
      MAX_AEPS_ACCOUNTS: 2,
      LOGIN_HISTORY_ENTRIES: 2,
      TERMS_FLAG_DAYS: 1,
      LOCATION_RETRY_COUNT: 3,
      LOCATION_RETRY_DELAY_MS: 3000,
      PRINT_POPUP_DELAY_MS: 800,
      HELP_VIBRATION_MS: 1001,
      PIN_MIN_LENGTH: 4,
      PIN_MAX_LENGTH: 10,
      MOBILE_DIGITS: 10,
      FORCED_LOGOUT_CODE: 2211,
    });
  });
});

describe('checkPayoutCap', () => {
  it('accepts a payout one paisa below ₹2,00,000', () => {
    expect(checkPayoutCap(PAYOUT_CAP - 1)).toEqual({ ok: true, value: 19999999 });
  });

  it("refuses a payout at the cap with the spec's message", () => {
    expect(checkPayoutCap(PAYOUT_CAP)).toEqual({
      ok: false,
      message: 'Amount should be less than 200000',
    });
    expect(checkPayoutCap(PAYOUT_CAP + 1, 'normal').ok).toBe(false);
  });

  it('does not enforce the message reading of ₹1,00,000', () => {
    expect(checkPayoutCap(100_000_00).ok).toBe(true);
    expect(checkPayoutCap(150_000_00).ok).toBe(true);
  });

  it('lets the unlimited payout run to one paisa below ₹10,00,000', () => {
    expect(checkPayoutCap(PAYOUT_CAP, 'unlimited').ok).toBe(true);
    expect(checkPayoutCap(UNLIMITED_PAYOUT_CAP - 1, 'unlimited').ok).toBe(true);
    expect(checkPayoutCap(UNLIMITED_PAYOUT_CAP, 'unlimited')).toEqual({
      ok: false,
      message: 'Amount should be less than 1000000',
    });
  });
});

describe('checkPreviousTransactionsLimit', () => {
  it.each([undefined, null, ''])('defaults to 5 when given %p', (input) => {
    expect(checkPreviousTransactionsLimit(input)).toEqual({ ok: true, value: 5 });
  });

  it.each([
    [1, 1],
    [20, 20],
    ['20', 20],
    [' 7 ', 7],
  ])('accepts %p', (input, limit) => {
    expect(checkPreviousTransactionsLimit(input)).toEqual({ ok: true, value: limit });
  });

  it.each([21, '21', 1000])("refuses %p with the spec's maximum message", (input) => {
    expect(checkPreviousTransactionsLimit(input)).toEqual({
      ok: false,
      message: 'You can check a maximum of 20 transactions at a time.',
    });
  });

  it.each([0, -1, 2.5, NaN, Infinity, 'abc', '2.5', true])('refuses %p as not a count', (input) => {
    expect(checkPreviousTransactionsLimit(input)).toEqual({
      ok: false,
      message: Messages.previousTransactionsMin,
    });
  });
});

describe('canAddAepsAccount', () => {
  it('allows adding only while fewer than 2 accounts exist', () => {
    expect(canAddAepsAccount(0)).toBe(true);
    expect(canAddAepsAccount(1)).toBe(true);
    expect(canAddAepsAccount(2)).toBe(false);
    expect(canAddAepsAccount(3)).toBe(false);
  });
});

describe('isForcedLogout', () => {
  it('is true for code 2211 only', () => {
    expect(isForcedLogout(2211)).toBe(true);
    expect(isForcedLogout('2211')).toBe(false);
    expect(isForcedLogout(2210)).toBe(false);
    expect(isForcedLogout(undefined)).toBe(false);
  });
});
