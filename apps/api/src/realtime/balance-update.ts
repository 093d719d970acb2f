import { balanceCall, paiseToRupees, type BalanceUpdate, type RoleKind } from '@khata/domain';
import type { Balances } from '../accounts/accounts.repository.js';

/**
 * `balance.updated` carries the numbers of the balance call the user's console reads
 * (BalancesController): admin-type roles see the main balance plus the profit areas as
 * `balance` and the wallet alone as `mainBalance`; everyone else sees the wallet as `balance`.
 */
export function balanceUpdate(balances: Balances, kind: RoleKind): BalanceUpdate {
  const common = {
    lienAmount: paiseToRupees(balances.lien),
    securityAmount: paiseToRupees(balances.security),
  };
  if (balanceCall(kind) === 'admin') {
    return {
      balance: paiseToRupees(balances.wallet + balances.commission),
      mainBalance: paiseToRupees(balances.wallet),
      ...common,
    };
  }
  return { balance: paiseToRupees(balances.wallet), ...common };
}
