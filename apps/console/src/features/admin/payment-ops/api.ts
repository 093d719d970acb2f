import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isPayoutKind,
  type PayCompensationAnswer,
  type PaymentOperationsAnswer,
  type PaymentOperationsRequest,
  type PaymentTrackerAnswer,
  type ResolvePayoutRequest,
  type TransactionAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';
import { i18n } from '../../../i18n/i18n';

export const paymentOpsKeys = {
  operations: ['payment-operations'] as const,
  list: (filter: PaymentOperationsRequest) => ['payment-operations', filter] as const,
  trackerAll: ['payment-tracker'] as const,
  tracker: (query: string) => ['payment-tracker', { query }] as const,
};

/** `POST /api/admin/payouts/operations`: refreshed every 30 s, the clock keeps running. */
export function usePaymentOperations(filter: PaymentOperationsRequest) {
  return useQuery({
    queryKey: paymentOpsKeys.list(filter),
    queryFn: () => api.post<PaymentOperationsAnswer>('/admin/payouts/operations', filter),
    refetchInterval: 30_000,
  });
}

/** `POST /api/admin/payouts/checkStatus`: asks the bank again (a question, never a send). */
export function useCheckPayoutStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<TransactionAnswer & { message: string }>('/admin/payouts/checkStatus', { id }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentOpsKeys.operations }),
        queryClient.invalidateQueries({ queryKey: paymentOpsKeys.trackerAll }),
      ]),
  });
}

/**
 * Issue 23: a paid payout is on no list here, yet the bank may return it later. Found by order
 * id or UTR (the tracker's lookup, in the admin's scope), then asked about (checkStatus).
 */
export function useCheckPaidPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (query: string) => {
      const tracked = await api.post<PaymentTrackerAnswer>('/admin/paymentTracker', { query });
      const { type, _id } = tracked.record;
      if (!isPayoutKind(type)) {
        throw new Error(i18n.t('payment-ops:checkPaid.notPayout'));
      }
      return api.post<TransactionAnswer & { message: string }>('/admin/payouts/checkStatus', {
        id: _id,
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentOpsKeys.operations }),
        queryClient.invalidateQueries({ queryKey: paymentOpsKeys.trackerAll }),
      ]),
  });
}

/** `POST /api/admin/payouts/resolve`: settles by hand with the PIN and a reason (audited). */
export function useResolvePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pin, ...body }: ResolvePayoutRequest & { pin: string }) =>
      api.post<TransactionAnswer & { message: string }>('/admin/payouts/resolve', body, { pin }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentOpsKeys.operations }),
  });
}

/** `POST /api/admin/payouts/payCompensation`: pays a late return's compensation, with the PIN. */
export function usePayCompensation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin }: { id: string; pin: string }) =>
      api.post<PayCompensationAnswer>('/admin/payouts/payCompensation', { id }, { pin }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentOpsKeys.operations }),
  });
}

/** `POST /api/admin/paymentTracker`: only once something was searched for. */
export function usePaymentTracker(query: string | undefined) {
  return useQuery({
    queryKey: paymentOpsKeys.tracker(query ?? ''),
    queryFn: () => api.post<PaymentTrackerAnswer>('/admin/paymentTracker', { query }),
    enabled: Boolean(query),
    retry: false,
  });
}
