import {
  adminBalance,
  balanceCall,
  paiseToRupees,
  type BalanceUpdate,
  type RoleKind,
} from '@khata/domain';
import type { BalanceSnapshot } from '../accounts/accounts.repository.js';
import { spendableFigures } from '../accounts/spendable-figures.js';

/**
 * `balance.updated` carries the numbers of the balance call the user's console reads
 * (BalancesController): admin-type roles see the main balance plus the profit areas as
 * `balance` and the wallet alone as `mainBalance`; everyone else sees the wallet as `balance`,
 * and the AEPS balance as `aepsBalance` (issue 26), as `/user/checkBalance` answers them.
 */
export function balanceUpdate(snapshot: BalanceSnapshot, kind: RoleKind): BalanceUpdate {
  const { balances } = snapshot;
  const common = {
    lienAmount: paiseToRupees(balances.lien),
    securityAmount: paiseToRupees(balances.security),
    ...spendableFigures(snapshot),
  };
  if (balanceCall(kind) === 'admin') {
    const { balance, mainBalance } = adminBalance(balances);
    return { balance, mainBalance, ...common };
  }
  // Issue 26: the user call also answers the AEPS balance, so its push carries it too.
  return {
    balance: paiseToRupees(balances.wallet),
    ...common,
    aepsBalance: paiseToRupees(balances.aeps),
  };
}
