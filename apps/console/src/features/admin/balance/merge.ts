import type { BalanceUpdate } from '@khata/domain';

/** What the top bar and the dashboard show; amounts in rupees as the API sent them. */
export interface Balance {
  /** The headline: the wallet, or for admin-type roles main balance plus the profit areas. */
  balance: number;
  mainBalance?: number;
  profitAreas?: Record<string, number>;
  lienAmount?: number;
  securityAmount?: number;
  /** Issue 26: the AEPS balance (user balance call only), rupees. */
  aepsBalance?: number;
  /** Issue 23: what the wallet may spend now (wallet + overdraft limit) and the limit in it. */
  available?: number;
  overdraftLimit?: number;
  /** The ledger's version of these figures: of two, the larger is the newer (issue 23). */
  version?: number;
  /** The user balance call also says which services the user may use (spec §6). */
  services?: string[];
}

/**
 * The console's merge rule for balances (issue 23): what it holds and what just came, an answer
 * of the balance call or a `balance.updated` push, in whatever order they arrive. Something
 * older than what is held (a smaller ledger version) is dropped; otherwise it is laid over what
 * is held, so the fields it does not carry (services, profit areas) stay. Something without a
 * version (a server before issue 23) is taken as it comes.
 */
export function mergeBalance(held: Balance | undefined, incoming: Balance): Balance {
  if (
    held?.version !== undefined &&
    incoming.version !== undefined &&
    incoming.version < held.version
  ) {
    return held;
  }
  return { ...held, ...incoming };
}

/** A `balance.updated` push as the fields of a balance, for `mergeBalance`. */
export function balanceOfUpdate(update: BalanceUpdate): Balance {
  return {
    balance: update.balance,
    ...(update.mainBalance !== undefined && { mainBalance: update.mainBalance }),
    ...(update.lienAmount !== undefined && { lienAmount: update.lienAmount }),
    ...(update.securityAmount !== undefined && { securityAmount: update.securityAmount }),
    ...(update.aepsBalance !== undefined && { aepsBalance: update.aepsBalance }),
    ...(update.available !== undefined && { available: update.available }),
    ...(update.overdraftLimit !== undefined && { overdraftLimit: update.overdraftLimit }),
    ...(update.version !== undefined && { version: update.version }),
  };
}
