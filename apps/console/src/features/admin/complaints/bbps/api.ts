import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BbpsServiceComplaintRequest,
  BbpsTransactionComplaintRequest,
  ComplaintSummary,
} from '@khata/domain';
import { api } from '../../../../api/client';
import { refreshAfterComplaint } from '../api';

/** What the BBPS complaint calls answer (docs/api.md "BBPS complaints (issue 27)"). */
export interface BbpsComplaintAnswer {
  success: true;
  message: string;
  data: ComplaintSummary;
}

/** A transaction complaint on one bill payment. */
export function useRaiseBbpsTransactionComplaint(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bbps-complaints', 'raise', paymentId],
    mutationFn: (request: BbpsTransactionComplaintRequest) =>
      api.post<BbpsComplaintAnswer>(`/bbps/payments/${paymentId}/complaints`, request),
    onSuccess: () => refreshAfterComplaint(queryClient),
  });
}

/** A service complaint against an agent or a biller. */
export function useRaiseBbpsServiceComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bbps-complaints', 'raise', 'service'],
    mutationFn: (request: BbpsServiceComplaintRequest) =>
      api.post<BbpsComplaintAnswer>('/bbps/complaints', request),
    onSuccess: () => refreshAfterComplaint(queryClient),
  });
}

/** Asks Bharat BillPay now; the lists and the drawer read again after. */
export function useCheckBbpsComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bbps-complaints', 'check'],
    mutationFn: (id: string) => api.post<BbpsComplaintAnswer>(`/bbps/complaints/${id}/check`),
    onSettled: () => refreshAfterComplaint(queryClient),
  });
}

/** Billers a service complaint may name, searched by name (the synced catalogue). */
export function useBillerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['bbps-billers', 'list', { q }],
    queryFn: () =>
      api.get<{ data: { id: string; name: string }[] }>(`/bbps/billers?q=${encodeURIComponent(q)}`),
    enabled,
    placeholderData: (previous) => previous,
  });
}
