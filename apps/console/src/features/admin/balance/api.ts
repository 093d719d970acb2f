import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  balanceCall,
  type AdminBalanceAnswer,
  type BalanceCall,
  type BalanceUpdate,
  type RoleKind,
  type UserBalanceAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';
import { balanceOfUpdate, mergeBalance, type Balance } from './merge';

export type { Balance } from './merge';

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
      available: answer.available,
      overdraftLimit: answer.overdraftLimit,
      version: answer.version,
    };
  }
  const answer = await api.post<UserBalanceAnswer>('/user/checkBalance');
  return {
    balance: answer.balance,
    lienAmount: answer.lienAmount,
    securityAmount: answer.securityAmount,
    aepsBalance: answer.aepsBalance,
    available: answer.available,
    overdraftLimit: answer.overdraftLimit,
    version: answer.version,
    services: answer.services,
  };
}

/**
 * The balance by the call spec §6 gives the role; undefined kinds ask nothing. An answer older
 * than a push that came while it was asked is dropped (`mergeBalance`, issue 23).
 */
export function useBalance(kind: RoleKind | undefined) {
  const call = kind ? balanceCall(kind) : 'user';
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: balanceKeys.check(call),
    queryFn: async () =>
      mergeBalance(
        queryClient.getQueryData<Balance>(balanceKeys.check(call)),
        await checkBalance(call),
      ),
    enabled: kind !== undefined,
  });
}

/** A `balance.updated` event folded into what the balance call last answered, unless older. */
export function applyBalanceUpdate(previous: Balance | undefined, update: BalanceUpdate): Balance {
  return mergeBalance(previous, balanceOfUpdate(update));
}
