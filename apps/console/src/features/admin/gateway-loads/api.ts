import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PgGateway, PgMethod, PgOrderStatus } from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { transactionKeys } from '../transactions/api';

/*
 * Wallet loads through a payment gateway (issue 28, docs/api.md "Wallet loads (PG)"). Amounts
 * are rupees (JSON numbers) as the API answers them.
 */

export interface PgGatewayDto {
  gateway: PgGateway;
  label: string;
  configured: boolean;
  methods: PgMethod[];
}

export interface PgQuoteDto {
  amount: number;
  fee: number;
  gstRate: number;
  gst: number;
  charge: number;
  credited: number;
}

export interface PgOrderDto {
  id: string;
  receipt: string;
  gateway: PgGateway;
  method: PgMethod;
  methodLabel: string;
  gatewayOrderId: string;
  paymentId: string | null;
  status: PgOrderStatus;
  amount: number;
  fee: number;
  gst: number;
  charge: number;
  credited: number;
  failureReason: string | null;
  refundId: string | null;
  settlementId: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  lastCheckedAt: string | null;
  userName?: string;
  userMobile?: string;
  checkoutUrl?: string;
}

interface Ok<T> {
  success: true;
  data: T;
  message?: string;
}

export interface PgOrderPage {
  data: PgOrderDto[];
  total: number;
  page: number;
  pageSize: number;
}

export const pgKeys = {
  all: ['pg'] as const,
  gateways: ['pg', 'gateways'] as const,
  quote: (gateway: string, method: string, amount: string) =>
    ['pg', 'quote', { gateway, method, amount }] as const,
  orders: ['pg', 'orders'] as const,
  list: (filter: Record<string, string | number | undefined>) =>
    ['pg', 'orders', 'list', filter] as const,
  order: (id: string) => ['pg', 'orders', 'one', { id }] as const,
};

/** An order the gateway may still move: the screen keeps reading it. */
export function isOpen(status: PgOrderStatus): boolean {
  return status === 'created' || status === 'attempted' || status === 'failed';
}

export function invalidatePg(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const queryKey of [pgKeys.orders, balanceKeys.all, transactionKeys.lists, ['ledger']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function usePgGateways() {
  return useQuery({
    queryKey: pgKeys.gateways,
    queryFn: async () => (await api.get<Ok<PgGatewayDto[]>>('/pg/gateways')).data,
    staleTime: 60_000,
  });
}

/** The charge of a load before paying: the server's quote, the rule the credit uses. */
export function usePgQuote(
  gateway: PgGateway,
  method: PgMethod | undefined,
  amount: string | undefined,
) {
  return useQuery({
    queryKey: pgKeys.quote(gateway, method ?? '', amount ?? ''),
    queryFn: async () =>
      (
        await api.get<Ok<PgQuoteDto>>(
          `/pg/quote?${new URLSearchParams({ gateway, method: method!, amount: amount! }).toString()}`,
        )
      ).data,
    enabled: Boolean(method && amount),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCreatePgOrder() {
  return useMutation({
    mutationFn: async (input: {
      gateway: PgGateway;
      method: PgMethod;
      amount: string;
      key: string;
    }) =>
      (
        await api.post<Ok<PgOrderDto>>(
          '/pg/orders',
          { gateway: input.gateway, method: input.method, amount: input.amount },
          { 'Idempotency-Key': input.key },
        )
      ).data,
  });
}

/** The browser's return: the gateway's signed answer, checked on the server. */
export async function sendPgCallback(body: {
  receipt: string;
  paymentId: string;
  gatewayOrderId: string | null;
  signature: string;
}): Promise<PgOrderDto> {
  return (
    await api.post<Ok<PgOrderDto>>('/pg/orders/callback', {
      receipt: body.receipt,
      paymentId: body.paymentId,
      ...(body.gatewayOrderId && { gatewayOrderId: body.gatewayOrderId }),
      signature: body.signature,
    })
  ).data;
}

/** One order, read again every few seconds while the gateway may still move it. */
export function usePgOrderByReceipt(receipt: string | undefined) {
  return useQuery({
    queryKey: pgKeys.list({ search: receipt }),
    queryFn: async () => {
      const page = await api.get<PgOrderPage>(
        `/pg/orders?${new URLSearchParams({ search: receipt! }).toString()}`,
      );
      return page.data[0] ?? null;
    },
    enabled: Boolean(receipt),
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && !isOpen(order.status) ? false : 2_000;
    },
  });
}

export function usePgOrders(filter: { gateway?: PgGateway; search?: string; page: number }) {
  return useQuery({
    queryKey: pgKeys.list(filter),
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(filter.page), pageSize: '10' });
      if (filter.gateway) params.set('gateway', filter.gateway);
      if (filter.search) params.set('search', filter.search);
      return api.get<PgOrderPage>(`/pg/orders?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useAskGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<Ok<PgOrderDto>>(`/pg/orders/${id}/check`)).data,
    onSuccess: () => invalidatePg(queryClient),
  });
}

export function useRefundPgOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<Ok<PgOrderDto>>(`/pg/orders/${id}/refund`)).data,
    onSuccess: () => invalidatePg(queryClient),
  });
}

export interface SettlementImportedDto {
  settlementId: string;
  utr: string;
  orders: number;
  amount: number;
  fee: number;
  tax: number;
  net: number;
}

/** `GET /api/pg-sandbox/{gateway}/settlement-file`: the sandbox's settlement CSV, saved. */
export async function downloadSandboxSettlement(gateway: PgGateway): Promise<void> {
  const blob = await api.blob(`/pg-sandbox/${gateway}/settlement-file`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${gateway}-settlement.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `POST /api/pg/settlements`: a gateway's settlement CSV imported and reconciled. */
export function useImportSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { gateway: PgGateway; file: File }) => {
      const form = new FormData();
      form.set('gateway', input.gateway);
      form.set('settlement', input.file);
      return api.postForm<Ok<SettlementImportedDto>>('/pg/settlements', form);
    },
    onSuccess: () => invalidatePg(queryClient),
  });
}
