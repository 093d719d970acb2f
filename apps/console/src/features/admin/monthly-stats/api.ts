import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CloseMonthAnswer,
  DayBookAnswer,
  DayBookRequest,
  MonthlyStatsAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

export const monthlyStatsKeys = {
  all: ['monthly-stats'] as const,
  month: (month: string) => ['monthly-stats', month] as const,
};

/** `POST /api/admin/monthlyStats`: the month's figures, reconciliation, chart and close. */
export function useMonthlyStats(month: string) {
  return useQuery({
    queryKey: monthlyStatsKeys.month(month),
    queryFn: () => api.post<MonthlyStatsAnswer>('/admin/monthlyStats', { month }),
  });
}

/**
 * `POST /api/admin/monthlyStats/close` with the admin's PIN: once per month; a 409 means it
 * was closed already.
 */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ month, pin }: { month: string; pin: string }) =>
      api.post<CloseMonthAnswer>('/admin/monthlyStats/close', { month }, { pin }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: monthlyStatsKeys.all }),
  });
}

/** `POST /api/admin/monthlyStats/csv`, saved as a file. */
export async function downloadMonthlyStatsCsv(month: string): Promise<void> {
  const blob = await api.file('/admin/monthlyStats/csv', { month });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `monthly-stats-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `POST /api/user/dayBook`: one India day of a wallet. */
export function useDayBook(request: DayBookRequest, enabled: boolean) {
  return useQuery({
    queryKey: ['day-book', request] as const,
    queryFn: () => api.post<DayBookAnswer>('/user/dayBook', request),
    enabled,
  });
}

/** `POST /api/user/dayBook/csv`: the day's lines, saved as a file (issue 23). */
export async function downloadDayBookCsv(request: DayBookRequest, filename: string): Promise<void> {
  const blob = await api.file('/user/dayBook/csv', request);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
