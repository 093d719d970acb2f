import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HandleCallbackAnswer,
  HandleCallbackRequest,
  ListCallbackRequestsAnswer,
  ListCallbackRequestsRequest,
} from '@khata/domain';
import { api } from '../../../api/client';

export const contactRequestKeys = {
  all: ['contact-requests'] as const,
  list: (request: ListCallbackRequestsRequest) => ['contact-requests', request] as const,
};

/** The call-back box's requests, newest first, a page at a time. */
export function useContactRequests(request: ListCallbackRequestsRequest) {
  return useQuery({
    queryKey: contactRequestKeys.list(request),
    queryFn: () => api.post<ListCallbackRequestsAnswer>('/admin/callback-requests', request),
    placeholderData: (previous) => previous,
  });
}

export function useHandleContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['contact-requests', 'handle'],
    mutationFn: (request: HandleCallbackRequest) =>
      api.post<HandleCallbackAnswer>('/admin/callback-requests/handled', request),
    // A 409 means someone else handled it meanwhile: the list is stale either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contactRequestKeys.all }),
  });
}
