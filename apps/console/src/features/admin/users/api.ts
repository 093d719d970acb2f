import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListUsersAnswer,
  ListUsersRequest,
  SetUserStatusAnswer,
  SetUserStatusRequest,
  UserDetailsAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

/** The list's filter as the screen keeps it (in the address): the page always given. */
export interface UsersFilter extends ListUsersRequest {
  page: number;
  pageSize: number;
}

export const usersKeys = {
  all: ['users-admin'] as const,
  list: (filter: UsersFilter) => ['users-admin', 'list', filter] as const,
  details: (id: string) => ['users-admin', 'details', { id }] as const,
};

/** `POST /api/admin/users`: one page; the previous page stays while the next loads. */
export function useUsers(filter: UsersFilter) {
  return useQuery({
    queryKey: usersKeys.list(filter),
    queryFn: () => api.post<ListUsersAnswer>('/admin/users', filter),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/users/csv`: every page of the filtered list, saved as users.csv. */
export async function downloadUsersCsv(filter: UsersFilter): Promise<void> {
  const { search, role, status, kycState, sort, order } = filter;
  const blob = await api.file('/admin/users/csv', { search, role, status, kycState, sort, order });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `users-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `POST /api/admin/userDetails`. */
export function useUserDetails(userId: string | undefined) {
  return useQuery({
    queryKey: usersKeys.details(userId ?? ''),
    queryFn: async () => (await api.post<UserDetailsAnswer>('/admin/userDetails', { userId })).data,
    enabled: Boolean(userId),
    retry: false,
  });
}

/** `POST /api/admin/userStatus` with the actor's PIN; the list and the details are read again. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users-admin', 'status'],
    mutationFn: ({ pin, ...body }: SetUserStatusRequest & { pin: string }) =>
      api.post<SetUserStatusAnswer>('/admin/userStatus', body, { pin }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
