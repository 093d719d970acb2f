import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarnersWithoutPanAnswer, SchemeService, SchemeSlab, TaxKind } from '@khata/domain';
import { api } from '../../../api/client';

export interface TaxRateRow {
  id: string;
  kind: TaxKind;
  /** Percent. */
  rate: number;
  effectiveFrom: string;
  createdAt: string;
}

export interface SchemeRow {
  id: string;
  name: string;
  service: SchemeService;
  slabs: SchemeSlab[];
  updatedAt: string;
  defaultFor: string[];
  assigned: number;
}

export interface ProfitRow {
  period: string;
  userId: string;
  name: string;
  mobile: string;
  role: string;
  gross: number;
  tds: number;
  net: number;
  count: number;
}

export interface ProfitFilter {
  from: string;
  to: string;
  groupBy: 'day' | 'month';
}

export const commissionKeys = {
  all: ['commissions'] as const,
  taxRates: ['commissions', 'taxRates'] as const,
  schemes: ['commissions', 'schemes'] as const,
  earnersWithoutPan: ['commissions', 'earnersWithoutPan'] as const,
  profit: (filter: ProfitFilter) => ['commissions', 'profit', filter] as const,
};

/** `POST /api/admin/taxRates`: every GST and TDS rate, newest first (history kept). */
export function useTaxRates() {
  return useQuery({
    queryKey: commissionKeys.taxRates,
    queryFn: async () => (await api.post<{ data: TaxRateRow[] }>('/admin/taxRates')).data,
  });
}

/** `POST /api/admin/taxRate`: a new rate from a day on. */
export function useAddTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: TaxKind; rate: number; effectiveFrom: string }) =>
      api.post<{ message: string }>('/admin/taxRate', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.taxRates }),
  });
}

/** `POST /api/admin/commissionSchemes`. */
export function useSchemes() {
  return useQuery({
    queryKey: commissionKeys.schemes,
    queryFn: async () => (await api.post<{ data: SchemeRow[] }>('/admin/commissionSchemes')).data,
  });
}

/** `POST /api/admin/commissionEarnersWithoutPan`: uplines whose TDS is at the no-PAN rate. */
export function useEarnersWithoutPan() {
  return useQuery({
    queryKey: commissionKeys.earnersWithoutPan,
    queryFn: async () =>
      (await api.post<EarnersWithoutPanAnswer>('/admin/commissionEarnersWithoutPan')).data,
  });
}

/** `POST /api/admin/commissionScheme`: create (no id) or edit. */
export function useSaveScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id?: string; name: string; service: SchemeService; slabs: unknown[] }) =>
      api.post<{ message: string }>('/admin/commissionScheme', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.schemes }),
  });
}

/** `POST /api/admin/myProfit`: commissions by day or month, gross, TDS and net. */
export function useProfit(filter: ProfitFilter) {
  return useQuery({
    queryKey: commissionKeys.profit(filter),
    queryFn: () =>
      api.post<{ data: ProfitRow[]; total: { gross: number; tds: number; net: number } }>(
        '/admin/myProfit',
        filter,
      ),
  });
}

/** `POST /api/admin/myProfit/csv`, saved as a file. */
export async function downloadProfitCsv(filter: ProfitFilter): Promise<void> {
  const blob = await api.file('/admin/myProfit/csv', filter);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-profit-${filter.from}-${filter.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `POST /api/admin/commissionSchemeAssign`: a user's scheme for a service (null: its role's). */
export function useAssignScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { mobile: string; service: SchemeService; schemeId: string | null }) =>
      api.post<{ message: string }>('/admin/commissionSchemeAssign', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.schemes }),
  });
}

/** `POST /api/admin/commissionSchemeDefault`: a role's default scheme for the scheme's service. */
export function useSetDefaultScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { roleKind: string; schemeId: string }) =>
      api.post<{ message: string }>('/admin/commissionSchemeDefault', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.schemes }),
  });
}

/** `POST /api/admin/commissionUserRates`: a user's own payout fee per slab (serviceRates.payout). */
export function useSetUserRates() {
  return useMutation({
    mutationFn: (body: {
      mobile: string;
      payout: Partial<Record<'limit1' | 'limit2' | 'limit3', { flatBase: number } | null>>;
    }) => api.post<{ message: string }>('/admin/commissionUserRates', body),
  });
}
