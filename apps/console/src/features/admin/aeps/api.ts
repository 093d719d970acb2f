import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AepsBalanceMoveAnswer } from '@khata/domain';
import { api, moneyHeaders, type MoneyCallHeaders } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { reportKeys, transactionKeys } from '../transactions/api';

export interface MoveAepsBalanceRequest extends MoneyCallHeaders {
  /** Rupees as typed. */
  amount: string;
}

/**
 * `POST /api/aeps/balance/move` (issue 26): the AEPS balance to the main wallet. After it the
 * balances and the transaction lists are read again (the `balance.updated` push usually gets
 * there first; the merge rule keeps whichever is newer).
 */
export function useMoveAepsBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['aepsBalance', 'move'],
    mutationFn: ({ pin, idempotencyKey, amount }: MoveAepsBalanceRequest) =>
      api.post<AepsBalanceMoveAnswer>(
        '/aeps/balance/move',
        { amount },
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
}
