import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivationStatus,
  AepsRequestsAnswer,
  DecideAepsBeneficiaryAnswer,
  DecideAepsBeneficiaryRequest,
} from '@khata/domain';
import { api } from '../../../api/client';

export const aepsApprovalKeys = {
  all: ['aeps-approvals'] as const,
  list: (status: ActivationStatus) => ['aeps-approvals', 'list', { status }] as const,
};

/** AEPS settlement accounts by activation status, oldest first (the existing admin call). */
export function useAepsRequests(status: ActivationStatus) {
  return useQuery({
    queryKey: aepsApprovalKeys.list(status),
    queryFn: async () =>
      (await api.post<AepsRequestsAnswer>('/admin/getAepsBeneficiaries', { status })).data,
  });
}

export function useDecideAepsAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['aeps-approvals', 'decide'],
    mutationFn: ({ pin, ...decision }: DecideAepsBeneficiaryRequest & { pin: string }) =>
      api.post<DecideAepsBeneficiaryAnswer>('/admin/approveAepsBeneficiary', decision, { pin }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: aepsApprovalKeys.all }),
  });
}
