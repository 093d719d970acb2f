import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ComplaintActAnswer,
  ComplaintAnswer,
  ComplaintQueueAnswer,
  ListComplaintsAnswer,
  ListComplaintsRequest,
  RaiseComplaintAnswer,
  RaiseComplaintRequest,
  StaffComplaintActRequest,
  UserComplaintActRequest,
} from '@khata/domain';
import { api } from '../../../api/client';

export type ComplaintSide = 'user' | 'staff';

export const complaintKeys = {
  all: ['complaints'] as const,
  list: (side: ComplaintSide, request: ListComplaintsRequest) =>
    ['complaints', side, 'list', request] as const,
  one: (side: ComplaintSide, id: string) => ['complaints', side, 'one', id] as const,
};

/** `complaint.updated`: a reply, a resolution, a new complaint: the screens read again. */
export function refreshAfterComplaint(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
}

export function useMyComplaints(request: ListComplaintsRequest) {
  return useQuery({
    queryKey: complaintKeys.list('user', request),
    queryFn: () => api.post<ListComplaintsAnswer>('/user/complaints', request),
    placeholderData: (previous) => previous,
  });
}

export function useComplaintQueue(request: ListComplaintsRequest) {
  return useQuery({
    queryKey: complaintKeys.list('staff', request),
    queryFn: () => api.post<ComplaintQueueAnswer>('/admin/complaints', request),
    placeholderData: (previous) => previous,
  });
}

export function useComplaint(side: ComplaintSide, id: string | undefined) {
  return useQuery({
    queryKey: complaintKeys.one(side, id ?? ''),
    queryFn: async () =>
      (
        await api.post<ComplaintAnswer>(side === 'user' ? '/user/complaint' : '/admin/complaint', {
          id,
        })
      ).complaint,
    enabled: Boolean(id),
  });
}

export function useRaiseComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['complaints', 'raise'],
    mutationFn: (request: RaiseComplaintRequest) =>
      api.post<RaiseComplaintAnswer>('/user/complaints/raise', request),
    onSuccess: () => refreshAfterComplaint(queryClient),
  });
}

export function useActOnComplaint(side: ComplaintSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['complaints', 'act', side],
    mutationFn: (request: UserComplaintActRequest | StaffComplaintActRequest) =>
      api.post<ComplaintActAnswer>(
        side === 'user' ? '/user/complaints/act' : '/admin/complaints/act',
        request,
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(complaintKeys.one(side, answer.complaint.id), answer.complaint),
    // A 409 means someone else moved it meanwhile: read it again either way.
    onSettled: () => refreshAfterComplaint(queryClient),
  });
}
