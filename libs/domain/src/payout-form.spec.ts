import { describe, it, expect } from '@jest/globals';
import { Messages } from './messages.js';
import {
  DEFAULT_PAYMENT_MODE,
  PAYMENT_MODES,
  checkPayoutAmount,
  checkPayoutForm,
  checkRail,
} from './payout-form.js';

const valid = {
  paymentMode: 'IMPS',
  amount: '1500.50',
  name: ' Asha Verma ',
  accountNumber: '1234 5678 9012',
  ifscCode: 'sbin0001234',
  pin: '1234',
};

describe('checkPayoutForm', () => {
  it('accepts a complete form with the amount in paise and normalised bank details', () => {
    expect(checkPayoutForm(valid)).toEqual({
      ok: true,
      value: {
        paymentMode: 'IMPS',
        amount: 150050,
        name: 'Asha Verma',
        accountNumber: '123456789012',
        ifscCode: 'SBIN0001234',
        pin: '1234',
      },
    });
  });

  it.each(['paymentMode', 'amount', 'name', 'accountNumber', 'ifscCode'] as const)(
    'asks for all required details when %s is missing',
    (field) => {
      expect(checkPayoutForm({ ...valid, [field]: '' })).toEqual({
        ok: false,
        message: 'Please fill up all the required details.',
      });
    },
  );

  it('counts a beneficiary name that is not text as missing', () => {
    expect(checkPayoutForm({ ...valid, name: 42 })).toEqual({
      ok: false,
      message: Messages.payoutFieldsRequired,
    });
  });

  it('asks for the PIN last, with the payout message', () => {
    expect(checkPayoutForm({ ...valid, pin: '' })).toEqual({
      ok: false,
      message: 'PIN is required.',
    });
    expect(checkPayoutForm({ ...valid, pin: '12' })).toEqual({
      ok: false,
      message: Messages.pinLength,
    });
  });

  it('refuses an unknown payment mode', () => {
    expect(checkPayoutForm({ ...valid, paymentMode: 'UPI' })).toEqual({
      ok: false,
      message: Messages.paymentModeInvalid,
    });
    expect(checkPayoutForm({ ...valid, paymentMode: 'imps' })).toEqual({
      ok: false,
      message: Messages.paymentModeInvalid,
    });
  });

  it('refuses malformed bank details', () => {
    expect(checkPayoutForm({ ...valid, ifscCode: 'SBIN' }).ok).toBe(false);
    expect(checkPayoutForm({ ...valid, accountNumber: '12' }).ok).toBe(false);
  });

  it('refuses a payout at the cap with the spec message', () => {
    expect(checkPayoutForm({ ...valid, amount: '200000' })).toEqual({
      ok: false,
      message: 'Amount should be less than 200000',
    });
  });

  it('lets the unlimited payout go above the normal cap', () => {
    const result = checkPayoutForm(
      { ...valid, paymentMode: 'RTGS', amount: '500000' },
      'unlimited',
    );
    expect(result.ok && result.value.amount).toBe(50000000);
  });
});

describe('checkPayoutAmount', () => {
  it('accepts ₹1,99,999.99 and refuses ₹2,00,000 under the normal cap', () => {
    expect(checkPayoutAmount('199999.99', 'IMPS')).toEqual({ ok: true, value: 19999999 });
    expect(checkPayoutAmount('200000', 'IMPS')).toEqual({
      ok: false,
      message: Messages.payoutCap,
    });
  });

  it('accepts ₹9,99,999.99 and refuses ₹10,00,000 for the unlimited payout', () => {
    expect(checkPayoutAmount('999999.99', 'NEFT', 'unlimited')).toEqual({
      ok: true,
      value: 99999999,
    });
    expect(checkPayoutAmount('1000000', 'NEFT', 'unlimited')).toEqual({
      ok: false,
      message: 'Amount should be less than 1000000',
    });
  });

  it.each([
    ['0', Messages.amountNotPositive],
    ['0.00', Messages.amountNotPositive],
    ['-1', Messages.amountInvalid],
    ['abc', Messages.amountInvalid],
    ['1.234', Messages.amountDecimals],
  ])('refuses %p', (amount, message) => {
    expect(checkPayoutAmount(amount, 'IMPS')).toEqual({ ok: false, message });
  });

  it('accepts the smallest amount, one paisa', () => {
    expect(checkPayoutAmount('0.01', 'IMPS')).toEqual({ ok: true, value: 1 });
  });
});

describe('checkRail', () => {
  it('allows IMPS up to ₹5,00,000 inclusive', () => {
    expect(checkRail(50000000, 'IMPS')).toEqual({ ok: true, value: 50000000 });
    expect(checkRail(50000001, 'IMPS')).toEqual({ ok: false, message: Messages.impsMax });
  });

  it('allows RTGS from ₹2,00,000 inclusive', () => {
    expect(checkRail(19999999, 'RTGS')).toEqual({ ok: false, message: Messages.rtgsMin });
    expect(checkRail(20000000, 'RTGS')).toEqual({ ok: true, value: 20000000 });
  });

  it('puts no rail limit on NEFT', () => {
    expect(checkRail(1, 'NEFT').ok).toBe(true);
    expect(checkRail(99999999, 'NEFT').ok).toBe(true);
  });

  it('leaves RTGS unreachable under the normal cap', () => {
    expect(checkPayoutAmount('199999.99', 'RTGS')).toEqual({
      ok: false,
      message: Messages.rtgsMin,
    });
    expect(checkPayoutAmount('200000', 'RTGS')).toEqual({ ok: false, message: Messages.payoutCap });
  });

  it('offers IMPS, NEFT and RTGS with IMPS as the default', () => {
    expect(PAYMENT_MODES).toEqual(['IMPS', 'NEFT', 'RTGS']);
    expect(DEFAULT_PAYMENT_MODE).toBe('IMPS');
  });
});
