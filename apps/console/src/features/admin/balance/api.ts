import { useQuery } from '@tanstack/react-query';
import {
  balanceCall,
  type AdminBalanceAnswer,
  type BalanceCall,
  type BalanceUpdate,
  type RoleKind,
  type UserBalanceAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

/** What the top bar and the dashboard show; amounts in rupees as the API sent them. */
export interface Balance {
  /** The headline: the wallet, or for admin-type roles main balance plus the profit areas. */
  balance: number;
  mainBalance?: number;
  profitAreas?: Record<string, number>;
  lienAmount?: number;
  securityAmount?: number;
  /** The user balance call also says which services the user may use (spec §6). */
  services?: string[];
}

export const balanceKeys = {
  all: ['balance'] as const,
  check: (call: BalanceCall) => ['balance', 'check', { call }] as const,
};

async function checkBalance(call: BalanceCall): Promise<Balance> {
  if (call === 'admin') {
    const answer = await api.post<AdminBalanceAnswer>('/admin/checkBalance');
    return {
      balance: answer.balance,
      mainBalance: answer.accountDetails?.balance?.mainBalance,
      profitAreas: answer.accountDetails?.profitArea,
    };
  }
  const answer = await api.post<UserBalanceAnswer>('/user/checkBalance');
  return {
    balance: answer.balance,
    lienAmount: answer.lienAmount,
    securityAmount: answer.securityAmount,
    services: answer.services,
  };
}

/** The balance by the call spec §6 gives the role; undefined kinds ask nothing. */
export function useBalance(kind: RoleKind | undefined) {
  const call = kind ? balanceCall(kind) : 'user';
  return useQuery({
    queryKey: balanceKeys.check(call),
    queryFn: () => checkBalance(call),
    enabled: kind !== undefined,
  });
}

/** A `balance.updated` event folded into what the balance call last answered. */
export function applyBalanceUpdate(previous: Balance | undefined, update: BalanceUpdate): Balance {
  return {
    ...previous,
    balance: update.balance,
    ...(update.mainBalance !== undefined && { mainBalance: update.mainBalance }),
    ...(update.lienAmount !== undefined && { lienAmount: update.lienAmount }),
    ...(update.securityAmount !== undefined && { securityAmount: update.securityAmount }),
  };
}
