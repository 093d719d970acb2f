import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BbpsPaymentStatus } from '@khata/domain';
import { api } from '../../../api/client';
import type { BbpsPaymentDto } from '../bbps';

/*
 * The bill payment report's routes (docs/api.md, "Bill payment report (issue 27)"). The API
 * answers with its DTO mapper and no shared contract type, so the shapes are written here as
 * the contract gives them. Amounts are rupees.
 */

/** One bill payment as the report lists it: the payment as every BBPS call answers it. */
export type BbpsReportRow = BbpsPaymentDto;

/** The totals of the whole filtered set: the paid (processed) bills only. */
export interface BbpsReportTotals {
  count: number;
  amount: number;
  ccf: number;
  commission: number;
}

export interface BbpsReportAnswer {
  success: true;
  data: BbpsReportRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: BbpsReportTotals;
}

/** The report's filter as the address and the API take it; days are India's `YYYY-MM-DD`. */
export interface BbpsReportFilter {
  from?: string;
  to?: string;
  status?: BbpsPaymentStatus;
  category?: string;
  billerId?: string;
  page: number;
  pageSize: number;
}

export interface BbpsCategory {
  code: string;
  name: string;
}

export interface BbpsBillerOption {
  id: string;
  name: string;
  categoryCode: string;
}

/** TanStack Query keys: [resource, verb, params]. */
export const bbpsReportKeys = {
  all: ['bbpsPayments'] as const,
  page: (filter: BbpsReportFilter) => ['bbpsPayments', 'list', filter] as const,
  categories: ['bbpsCategories', 'list'] as const,
  billers: (category: string) => ['bbpsBillers', 'list', { category }] as const,
};

/** The filter as a query string: what is set, nothing else. */
export function reportQuery(filter: Partial<BbpsReportFilter>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

/** One page of the report with the totals of the whole filtered set. */
export function useBbpsReport(filter: BbpsReportFilter) {
  return useQuery({
    queryKey: bbpsReportKeys.page(filter),
    queryFn: () => api.get<BbpsReportAnswer>(`/bbps/payments?${reportQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** The catalogue's categories, for the filter. */
export function useBbpsCategories() {
  return useQuery({
    queryKey: bbpsReportKeys.categories,
    queryFn: () => api.get<{ data: BbpsCategory[] }>('/bbps/categories'),
    staleTime: 10 * 60_000,
  });
}

/** A category's billers, for the filter; nothing is asked before a category is chosen. */
export function useBbpsBillers(category: string | undefined) {
  return useQuery({
    queryKey: bbpsReportKeys.billers(category ?? ''),
    queryFn: () =>
      api.get<{ data: BbpsBillerOption[] }>(`/bbps/billers?${reportQuery({ category })}`),
    enabled: Boolean(category),
    staleTime: 10 * 60_000,
  });
}

/** The whole filtered set as CSV (`GET /api/bbps/payments.csv`), saved as a file. */
export async function downloadBbpsReportCsv(filter: BbpsReportFilter): Promise<void> {
  // Every filtered row: the page and its size are the screen's, not the file's.
  const blob = await api.blob(
    `/bbps/payments.csv?${reportQuery({ ...filter, page: undefined, pageSize: undefined })}`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `bill-payments-${filter.from ?? 'recent'}-to-${filter.to ?? 'today'}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
