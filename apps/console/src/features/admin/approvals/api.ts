import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalDecisionAnswer,
  ApprovalDecisionRequest,
  ApprovalListAnswer,
  ApprovalListRequest,
} from '@khata/domain';
import { api } from '../../../api/client';

type Which = NonNullable<ApprovalListRequest['state']>;

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (state: Which) => ['approvals', 'list', { state }] as const,
};

/** `POST /api/admin/approvals`: open requests oldest first, or the latest decided. */
export function useApprovals(state: Which) {
  return useQuery({
    queryKey: approvalKeys.list(state),
    queryFn: async () => (await api.post<ApprovalListAnswer>('/admin/approvals', { state })).data,
  });
}

/** After a decision the queue, and every balance and user it may have moved, are read again. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['approvals', 'decide'],
    mutationFn: ({ pin, ...decision }: ApprovalDecisionRequest & { pin: string }) =>
      api.post<ApprovalDecisionAnswer>('/admin/approvals/decide', decision, { pin }),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
