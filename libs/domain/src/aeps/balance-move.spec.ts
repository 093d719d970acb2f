import { describe, expect, it } from '@jest/globals';
import { Messages } from '../messages.js';
import { checkAepsMoveAmount, showsAepsBalance } from './balance-move.js';
import { AepsMessages } from './transactions.js';

describe('checkAepsMoveAmount', () => {
  it('takes rupees as a number or text, and answers paise', () => {
    expect(checkAepsMoveAmount('120.50')).toEqual({ ok: true, value: 12050 });
    expect(checkAepsMoveAmount(60)).toEqual({ ok: true, value: 6000 });
  });

  it.each([
    [undefined, AepsMessages.moveAmountInvalid],
    ['', AepsMessages.moveAmountInvalid],
    ['fifty', AepsMessages.moveAmountInvalid],
    [-5, AepsMessages.moveAmountInvalid],
    [0, Messages.amountNotPositive],
    ['0.00', Messages.amountNotPositive],
    ['10.005', Messages.amountDecimals],
    [100_000_001, Messages.amountAboveTransferMax],
  ])('refuses %p with %p', (input, message) => {
    expect(checkAepsMoveAmount(input)).toEqual({ ok: false, message });
  });
});

describe('showsAepsBalance', () => {
  it('shows it to a retailer that earns or settles an AEPS balance, to nobody else', () => {
    expect(showsAepsBalance('employee2', ['aeps'])).toBe(true);
    expect(showsAepsBalance('employee2', ['aepsSettlement'])).toBe(true);
    expect(showsAepsBalance('employee2', ['wallet', 'payout'])).toBe(false);
    expect(showsAepsBalance('distributor', ['aeps', 'aepsSettlement'])).toBe(false);
    expect(showsAepsBalance(undefined, ['aeps'])).toBe(false);
  });
});
