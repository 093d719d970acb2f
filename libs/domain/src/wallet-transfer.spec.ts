import { describe, it, expect } from '@jest/globals';
import { Messages } from './messages.js';
import { checkTransferAmount, checkWalletTransfer } from './wallet-transfer.js';

describe('checkTransferAmount', () => {
  it.each([
    ['100', 10000],
    ['100.5', 10050],
    [100.25, 10025],
    ['0.01', 1],
    ['10000000', 1_000_000_000],
    [10000000, 1_000_000_000],
  ])('accepts %p as %p paise', (input, paise) => {
    expect(checkTransferAmount(input)).toEqual({ ok: true, value: paise });
  });

  it.each([
    [undefined, 'Please input amount!'],
    ['', 'Please input amount!'],
    ['abc', 'Please enter a valid amount'],
    ['-5', 'Please enter a valid amount'],
    [NaN, 'Please enter a valid amount'],
    [Infinity, 'Please enter a valid amount'],
    ['1.234', Messages.amountDecimals],
    ['0', 'Amount must be greater than zero.'],
    [0, 'Amount must be greater than zero.'],
    ['90071992547409.92', Messages.amountTooLarge],
    ['10000000.01', Messages.amountAboveTransferMax],
    ['90071992547409.91', Messages.amountAboveTransferMax],
  ])('refuses %p with "%s"', (input, message) => {
    expect(checkTransferAmount(input)).toEqual({ ok: false, message });
  });
});

describe('checkWalletTransfer', () => {
  const valid = {
    mobile: '98765 43210',
    holderFound: true,
    amount: '250.75',
    pin: '1234',
    remark: '  rent ',
  };

  it('accepts a complete transfer', () => {
    expect(checkWalletTransfer(valid)).toEqual({
      ok: true,
      value: { mobile: '9876543210', amount: 25075, pin: '1234', remark: 'rent' },
    });
  });

  it('treats the remark as optional', () => {
    const result = checkWalletTransfer({ ...valid, remark: undefined });
    expect(result.ok && result.value.remark).toBe('');
  });

  it('checks the mobile number first', () => {
    expect(checkWalletTransfer({ ...valid, mobile: '', amount: '' })).toEqual({
      ok: false,
      message: Messages.mobileRequired,
    });
    expect(checkWalletTransfer({ ...valid, mobile: '98765' })).toEqual({
      ok: false,
      message: Messages.mobileTenDigits,
    });
  });

  it('refuses to transfer until the wallet holder is found', () => {
    expect(checkWalletTransfer({ ...valid, holderFound: false })).toEqual({
      ok: false,
      message: 'Please enter a valid mobile number first',
    });
  });

  it('then checks the amount and the PIN', () => {
    expect(checkWalletTransfer({ ...valid, amount: '' })).toEqual({
      ok: false,
      message: Messages.amountRequired,
    });
    expect(checkWalletTransfer({ ...valid, pin: '' })).toEqual({
      ok: false,
      message: Messages.pinRequired,
    });
    expect(checkWalletTransfer({ ...valid, pin: '12x4' })).toEqual({
      ok: false,
      message: Messages.pinDigitsOnly,
    });
  });
});
