import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ActiveNoticesAnswer,
  ListNoticesAnswer,
  ListNoticesRequest,
  MessageAnswer,
  PostNoticeAnswer,
  PostNoticeRequest,
  WithdrawNoticeAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

export const noticeKeys = {
  all: ['notices'] as const,
  active: ['notices', 'active'] as const,
  list: (request: ListNoticesRequest) => ['notices', 'list', request] as const,
};

/** `notice.posted`, `notice.withdrawn`: the dashboard's notices (and the admins' list) are read again. */
export function refreshAfterNotice(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}

/** The caller's live notices, not dismissed. */
export function useActiveNotices() {
  return useQuery({
    queryKey: noticeKeys.active,
    queryFn: async () => (await api.post<ActiveNoticesAnswer>('/user/notices')).data,
  });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notices', 'dismiss'],
    mutationFn: (id: string) => api.post<MessageAnswer>('/user/notices/dismiss', { id }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ActiveNoticesAnswer['data']>(noticeKeys.active, (notices) =>
        notices?.filter((notice) => notice.id !== id),
      ),
    onSettled: () => refreshAfterNotice(queryClient),
  });
}

export function useNotices(request: ListNoticesRequest) {
  return useQuery({
    queryKey: noticeKeys.list(request),
    queryFn: () => api.post<ListNoticesAnswer>('/admin/notices', request),
    placeholderData: (previous) => previous,
  });
}

export function usePostNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notices', 'post'],
    mutationFn: (request: PostNoticeRequest) =>
      api.post<PostNoticeAnswer>('/admin/postNotice', request),
    onSuccess: () => refreshAfterNotice(queryClient),
  });
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notices', 'withdraw'],
    mutationFn: (id: string) => api.post<WithdrawNoticeAnswer>('/admin/notices/withdraw', { id }),
    onSettled: () => refreshAfterNotice(queryClient),
  });
}
