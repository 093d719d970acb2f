import {
  balanceCall,
  paiseToRupees,
  spendable,
  type BalanceUpdate,
  type RoleKind,
  type SpendableFigures,
} from '@khata/domain';
import type { BalanceSnapshot } from '../accounts/accounts.repository.js';

/**
 * Issue 23: what the wallet may spend (the ledger's floor rule: wallet + overdraft limit), the
 * limit, and the version that orders two reads; in both balance answers and every push.
 */
export function spendableFigures({
  balances,
  overdraftLimit,
  version,
}: BalanceSnapshot): SpendableFigures {
  return {
    available: paiseToRupees(spendable(balances.wallet, overdraftLimit).available),
    overdraftLimit: paiseToRupees(overdraftLimit),
    version,
  };
}

/**
 * `balance.updated` carries the numbers of the balance call the user's console reads
 * (BalancesController): admin-type roles see the main balance plus the profit areas as
 * `balance` and the wallet alone as `mainBalance`; everyone else sees the wallet as `balance`.
 */
export function balanceUpdate(snapshot: BalanceSnapshot, kind: RoleKind): BalanceUpdate {
  const { balances } = snapshot;
  const common = {
    lienAmount: paiseToRupees(balances.lien),
    securityAmount: paiseToRupees(balances.security),
    ...spendableFigures(snapshot),
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
