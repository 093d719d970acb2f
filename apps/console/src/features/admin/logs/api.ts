import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogAnswer, AuditLogRequest } from '@khata/domain';
import { api } from '../../../api/client';

/** The filter as the screen keeps it (in the address): the page always given. */
export interface LogsFilter extends AuditLogRequest {
  page: number;
  pageSize: number;
}

/** `POST /api/admin/logs`: one page, newest first; the previous page stays while the next loads. */
export function useAuditLog(filter: LogsFilter) {
  return useQuery({
    queryKey: ['audit-log', filter] as const,
    queryFn: () => api.post<AuditLogAnswer>('/admin/logs', filter),
    placeholderData: keepPreviousData,
  });
}
