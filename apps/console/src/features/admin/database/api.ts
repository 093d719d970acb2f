import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChainHeadsAnswer,
  DatabaseOverview,
  SignedHeadsAnswer,
  StartVerifyAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

export const databaseKeys = {
  all: ['database'] as const,
  overview: ['database', 'overview'] as const,
  chainHeads: (page: number) => ['database', 'chain-heads', page] as const,
  signedHeads: (page: number) => ['database', 'signed-heads', page] as const,
};

/**
 * `POST /api/admin/database`: sizes, queues, migrations, lag and the last verify. While a
 * verify is open it is asked again every 2 s, so the result shows when the job finishes.
 */
export function useDatabaseOverview() {
  return useQuery({
    queryKey: databaseKeys.overview,
    queryFn: () => api.post<DatabaseOverview>('/admin/database', {}),
    refetchInterval: (query) => {
      const status = query.state.data?.lastVerify?.status;
      return status === 'queued' || status === 'running' ? 2000 : false;
    },
  });
}

export function useChainHeads(page: number, pageSize: number) {
  return useQuery({
    queryKey: databaseKeys.chainHeads(page),
    queryFn: () => api.post<ChainHeadsAnswer>('/admin/database/chainHeads', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useSignedHeads(page: number, pageSize: number) {
  return useQuery({
    queryKey: databaseKeys.signedHeads(page),
    queryFn: () => api.post<SignedHeadsAnswer>('/admin/database/signedHeads', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/database/verify`: starts a run (or answers the open one). */
export function useStartVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['database', 'verify'],
    mutationFn: () => api.post<StartVerifyAnswer>('/admin/database/verify', {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: databaseKeys.overview }),
  });
}

/** `POST /api/admin/database/signedHead`: the day's signed head, saved as a JSON file. */
export async function downloadSignedHead(day: string): Promise<void> {
  const blob = await api.file('/admin/database/signedHead', { day });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `khata-ledger-head-${day}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
