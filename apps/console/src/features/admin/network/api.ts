import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkAnswer, NetworkSearchAnswer } from '@khata/domain';
import { api } from '../../../api/client';

export const networkKeys = {
  all: ['network'] as const,
  level: (rootId: string | undefined) => ['network', 'level', rootId ?? null] as const,
  search: (q: string) => ['network', 'search', q] as const,
};

/** One level of the tree: a node and its direct children (`POST /api/admin/network`). */
export function networkLevelOptions(rootId?: string) {
  return queryOptions({
    queryKey: networkKeys.level(rootId),
    queryFn: () => api.post<NetworkAnswer>('/admin/network', rootId ? { rootId } : {}),
  });
}

/** Members by name, mobile or shop, with their path in the tree; off until there is text. */
export function useNetworkSearch(q: string) {
  return useQuery({
    queryKey: networkKeys.search(q),
    queryFn: () => api.post<NetworkSearchAnswer>('/admin/networkSearch', { q }),
    enabled: q.length >= 2,
  });
}
