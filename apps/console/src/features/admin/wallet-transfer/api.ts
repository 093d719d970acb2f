import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { rememberRecord, transactionKeys, type TransactionRecord } from '../transactions/api';

export interface WalletTransferRequest {
  mobile: string;
  /** Rupees as a decimal string, at most 2 decimals. */
  amount: string;
  remark?: string;
  /** The holder's name as shown (spec §7). */
  name: string;
  pin: string;
  idempotencyKey: string;
}

export interface MoneyMoved {
  message: string;
  transactionRecord: TransactionRecord;
}

/** `POST /api/user/fetchUserInfo`: the wallet holder's name for a mobile number. */
export function useWalletHolderLookup() {
  return useMutation({
    mutationKey: ['wallet-holder', 'lookup'],
    mutationFn: async (mobile: string) =>
      (await api.post<{ data: { name: string } }>('/user/fetchUserInfo', { mobile })).data,
  });
}

/** `POST /api/user/sendMoneyToWallet`, PIN and Idempotency-Key in headers (API.md). */
export function useSendMoneyToWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'sendMoney'],
    mutationFn: ({ pin, idempotencyKey, ...body }: WalletTransferRequest) =>
      api.post<MoneyMoved>('/user/sendMoneyToWallet', body, {
        pin,
        'Idempotency-Key': idempotencyKey,
      }),
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
