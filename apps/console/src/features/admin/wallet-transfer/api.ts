import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, moneyHeaders, type MoneyCallHeaders } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import type { FetchUserInfoAnswer, SendMoneyRequest, WalletMovementAnswer } from '@khata/domain';
import { rememberRecord, transactionKeys } from '../transactions/api';

/** A transfer as the form submits it: the contract's body, the PIN and Idempotency-Key headers. */
export interface WalletTransferRequest extends SendMoneyRequest, MoneyCallHeaders {
  /** Rupees as a decimal string, at most 2 decimals. */
  amount: string;
  /** The holder's name as shown (spec §7). */
  name: string;
}

export type MoneyMoved = WalletMovementAnswer;

/** `POST /api/user/fetchUserInfo`: the wallet holder's name for a mobile number. */
export function useWalletHolderLookup() {
  return useMutation({
    mutationKey: ['wallet-holder', 'lookup'],
    mutationFn: async (mobile: string) =>
      (await api.post<FetchUserInfoAnswer>('/user/fetchUserInfo', { mobile })).data,
  });
}

/** `POST /api/user/sendMoneyToWallet`, PIN and Idempotency-Key in headers (API.md). */
export function useSendMoneyToWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'sendMoney'],
    mutationFn: ({ pin, idempotencyKey, ...body }: WalletTransferRequest) =>
      api.post<MoneyMoved>(
        '/user/sendMoneyToWallet',
        body satisfies SendMoneyRequest,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: (moved) => {
      rememberRecord(queryClient, moved.transactionRecord);
      for (const queryKey of [
        balanceKeys.all,
        transactionKeys.lists,
        ['ledger'],
        ['control-panel'],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
