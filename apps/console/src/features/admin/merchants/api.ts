import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MerchantsAnswer } from '@khata/domain';
import { api } from '../../../api/client';
import type { UserSearch } from '../common/SearchedUsersPage';

/** A merchant search (the shared text search of the user lists). */
export type MerchantFilter = UserSearch;

export const merchantKeys = {
  all: ['merchants'] as const,
  list: (filter: MerchantFilter) => ['merchants', 'list', filter] as const,
};

/** `POST /api/admin/merchants`: the retailers of the caller's network, a page at a time. */
export function useMerchants(filter: MerchantFilter) {
  return useQuery({
    queryKey: merchantKeys.list(filter),
    queryFn: () =>
      api.post<MerchantsAnswer>('/admin/merchants', {
        q: filter.q || undefined,
        page: filter.page,
        pageSize: filter.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}
