import { describe, it, expect } from '@jest/globals';
import * as domain from './index.js';

describe('@khata/domain', () => {
  it.each([
    'parseRupees',
    'formatPaise',
    'paiseToRupees',
    'rupeesString',
    'amountToWords',
    'checkMobile',
    'checkPin',
    'checkChangePin',
    'checkIfsc',
    'checkAccountNumber',
    'checkBeneficiaryForm',
    'checkPayoutForm',
    'checkWalletTransfer',
    'payoutFee',
    'aepsSettlementFee',
    'cookieExpiry',
    'roleKind',
    'roleName',
    'menuFor',
    'canUseMenuItem',
    'welcomeText',
    'balanceCall',
  ])('exports %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the messages and the menu table', () => {
    expect(domain.Messages.mobileRequired).toBe('Please input mobile number!');
    expect(domain.MENU.length).toBeGreaterThan(0);
  });
});
