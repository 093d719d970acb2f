import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EarnersWithoutPanAnswer,
  MessageAnswer,
  PayoutRatesRequest,
  ProfitAnswer,
  ProfitGroup,
  ProfitRecord,
  SchemeAssignRequest,
  SchemeDefaultRequest,
  SchemeRequest,
  SchemeSavedAnswer,
  SchemesAnswer,
  TaxRateAddedAnswer,
  TaxRateRecord,
  TaxRateRequest,
  TaxRatesAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

/** A tax rate, a scheme and a My profit line as the API sends them (the contract's types). */
export type TaxRateRow = TaxRateRecord;
export type SchemeRow = SchemesAnswer['data'][number];
export type ProfitRow = ProfitRecord;

export interface ProfitFilter {
  from: string;
  to: string;
  groupBy: ProfitGroup;
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
    queryFn: async () => (await api.post<TaxRatesAnswer>('/admin/taxRates')).data,
  });
}

/** `POST /api/admin/taxRate`: a new rate from a day on. */
export function useAddTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxRateRequest) => api.post<TaxRateAddedAnswer>('/admin/taxRate', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.taxRates }),
  });
}

/** `POST /api/admin/commissionSchemes`. */
export function useSchemes() {
  return useQuery({
    queryKey: commissionKeys.schemes,
    queryFn: async () => (await api.post<SchemesAnswer>('/admin/commissionSchemes')).data,
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
    mutationFn: (body: SchemeRequest) =>
      api.post<SchemeSavedAnswer>('/admin/commissionScheme', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.schemes }),
  });
}

/** `POST /api/admin/myProfit`: commissions by day or month, gross, TDS and net. */
export function useProfit(filter: ProfitFilter) {
  return useQuery({
    queryKey: commissionKeys.profit(filter),
    queryFn: () => api.post<ProfitAnswer>('/admin/myProfit', filter),
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
    mutationFn: (body: SchemeAssignRequest) =>
      api.post<MessageAnswer>('/admin/commissionSchemeAssign', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.schemes }),
  });
}

/** `POST /api/admin/commissionSchemeDefault`: a role's default scheme for the scheme's service. */
export function useSetDefaultScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchemeDefaultRequest) =>
      api.post<MessageAnswer>('/admin/commissionSchemeDefault', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionKeys.schemes }),
  });
}

/** `POST /api/admin/commissionUserRates`: a user's own payout fee per slab (serviceRates.payout). */
export function useSetUserRates() {
  return useMutation({
    mutationFn: (body: PayoutRatesRequest) =>
      api.post<MessageAnswer>('/admin/commissionUserRates', body),
  });
}
