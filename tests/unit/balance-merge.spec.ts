import { describe, expect, it } from '@jest/globals';
import {
  balanceOfUpdate,
  mergeBalance,
  type Balance,
} from '../../apps/console/src/features/admin/balance/merge.js';

/**
 * Issue 23: the console's balance merge rule. A `balance.updated` push and an answer of the
 * balance call can arrive in any order (two processes, a refetch racing a push); what the top
 * bar shows must be the newest by the ledger's version, whatever the order of arrival.
 */
describe("the console's balance merge rule", () => {
  const held: Balance = { balance: 879, available: 879, version: 12, services: ['payout'] };

  it('drops a push older than what it shows: the released hold stays released', () => {
    // ₹121 held at version 11, released at 12; the hold's push arrives last.
    const late = balanceOfUpdate({
      balance: 758,
      lienAmount: 0,
      securityAmount: 0,
      available: 758,
      overdraftLimit: 0,
      version: 11,
    });
    expect(mergeBalance(held, late)).toBe(held);
  });

  it('takes a newer push and keeps what a push does not carry (services)', () => {
    const newer = balanceOfUpdate({
      balance: 1000,
      lienAmount: 0,
      securityAmount: 0,
      available: 3000,
      overdraftLimit: 2000,
      version: 13,
    });
    expect(mergeBalance(held, newer)).toEqual({
      balance: 1000,
      lienAmount: 0,
      securityAmount: 0,
      available: 3000,
      overdraftLimit: 2000,
      version: 13,
      services: ['payout'],
    });
  });

  it('carries the AEPS balance of a push (issue 26), and keeps it when a push has none', () => {
    const push = {
      balance: 1100,
      lienAmount: 0,
      securityAmount: 0,
      available: 1100,
      overdraftLimit: 0,
      version: 14,
    };
    const moved = balanceOfUpdate({ ...push, aepsBalance: 400 });
    expect(mergeBalance(held, moved)).toMatchObject({ balance: 1100, aepsBalance: 400 });
    const without = balanceOfUpdate({ ...push, version: 15 });
    expect(mergeBalance({ ...held, aepsBalance: 400 }, without).aepsBalance).toBe(400);
  });

  it('drops an answer of the balance call that left before a newer push came', () => {
    expect(mergeBalance(held, { balance: 758, version: 11, services: [] })).toBe(held);
  });

  it('ends at the newest whatever the order the figures arrive in', () => {
    const figures: Balance[] = [1, 2, 3, 4, 5].map((version) => ({
      balance: version * 100,
      version,
    }));
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 4, 0, 3, 1],
    ]) {
      const shown = order.reduce<Balance | undefined>(
        (current, i) => mergeBalance(current, figures[i]!),
        undefined,
      );
      expect(shown).toEqual({ balance: 500, version: 5 });
    }
  });

  it('takes figures without a version (a server before issue 23) as they come', () => {
    expect(mergeBalance(held, { balance: 5 })).toMatchObject({ balance: 5, version: 12 });
  });
});
