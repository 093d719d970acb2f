import { paiseToRupees, spendable, type SpendableFigures } from '@khata/domain';
import type { BalanceSnapshot } from './accounts.repository.js';

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
