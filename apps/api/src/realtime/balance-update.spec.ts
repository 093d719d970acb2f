import { describe, expect, it } from '@jest/globals';
import { balanceUpdate } from './balance-update.js';

const balances = { wallet: 150050, lien: 2000, security: 50000, aeps: 99900, commission: 1234 };
const snapshot = { balances, overdraftLimit: 200000, version: 17 };

describe('balanceUpdate', () => {
  it.each(['admin', 'sdistributor', 'coDistributor'] as const)(
    'gives %s the admin balance call: wallet plus commission, and the wallet as mainBalance',
    (kind) => {
      expect(balanceUpdate(snapshot, kind)).toEqual({
        balance: 1512.84,
        mainBalance: 1500.5,
        lienAmount: 20,
        securityAmount: 500,
        available: 3500.5,
        overdraftLimit: 2000,
        version: 17,
      });
    },
  );

  it.each(['distributor', 'employee1', 'employee2', 'user', 'partner'] as const)(
    'gives %s the user balance call: the wallet and the AEPS balance, without mainBalance',
    (kind) => {
      expect(balanceUpdate(snapshot, kind)).toEqual({
        balance: 1500.5,
        lienAmount: 20,
        securityAmount: 500,
        available: 3500.5,
        overdraftLimit: 2000,
        version: 17,
        aepsBalance: 999,
      });
    },
  );

  it('keeps paise exact and negative balances negative', () => {
    const owed = { wallet: -1, lien: 0, security: 0, aeps: 0, commission: 0 };
    const of = (wallet: number) => ({
      balances: { ...owed, wallet },
      overdraftLimit: 0,
      version: 1,
    });
    expect(balanceUpdate(of(10), 'user').balance).toBe(0.1);
    expect(balanceUpdate(of(-1), 'user').balance).toBe(-0.01);
  });

  it('counts the credit in use against what may be spent: wallet −₹500 with ₹2,000 credit', () => {
    const owing = { balances: { ...balances, wallet: -50000 }, overdraftLimit: 200000, version: 3 };
    expect(balanceUpdate(owing, 'user')).toMatchObject({ balance: -500, available: 1500 });
  });
});
