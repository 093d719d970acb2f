import { describe, expect, it } from '@jest/globals';
import { balanceUpdate } from './balance-update.js';

const balances = { wallet: 150050, lien: 2000, security: 50000, aeps: 99900, commission: 1234 };

describe('balanceUpdate', () => {
  it.each(['admin', 'sdistributor', 'coDistributor'] as const)(
    'gives %s the admin balance call: wallet plus commission, and the wallet as mainBalance',
    (kind) => {
      expect(balanceUpdate(balances, kind)).toEqual({
        balance: 1512.84,
        mainBalance: 1500.5,
        lienAmount: 20,
        securityAmount: 500,
      });
    },
  );

  it.each(['distributor', 'employee1', 'employee2', 'user', 'partner'] as const)(
    'gives %s the user balance call: the wallet, without mainBalance',
    (kind) => {
      expect(balanceUpdate(balances, kind)).toEqual({
        balance: 1500.5,
        lienAmount: 20,
        securityAmount: 500,
      });
    },
  );

  it('keeps paise exact and negative balances negative', () => {
    const owed = { wallet: -1, lien: 0, security: 0, aeps: 0, commission: 0 };
    expect(balanceUpdate({ ...owed, wallet: 10 }, 'user').balance).toBe(0.1);
    expect(balanceUpdate(owed, 'user').balance).toBe(-0.01);
  });
});
