import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, moneyHeaders, type MoneyCallHeaders } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { remitterKeys, type Remitter } from '../remitters/api';
import type {
  DmtMode,
  DmtRefundState,
  DmtTransferStatusFilter,
  PpiSenderAnswer,
  TransferProduct,
} from '@khata/domain';
import { transactionKeys } from '../transactions/api';
import { useTransferProduct } from './product';

/*
 * The DMT transfer routes (docs/api.md, "DMT transfers (issue 25)"), and PPI's, the same at
 * /api/ppi (docs/api.md, "PPI money transfer (issue 25)"): each hook reads the screen's product. Helper B's API answers
 * them with its DTO mappers and no shared contract type, so the shapes are written here.
 */

/** `queued` → `processing` (pending: the provider is asked again) → `processed` | `failed`; `reversed`. */
export type DmtTransferStatus = string;

/** A transfer as every DMT route answers it; rupees. */
export interface DmtTransferRecord {
  id: string;
  orderId: string;
  status: DmtTransferStatus;
  refundState: DmtRefundState;
  amount: number;
  fee: number;
  total: number;
  mode: DmtMode;
  utr: string | null;
  message: string | null;
  remitterId: string;
  beneficiaryId: string;
  createdAt: string;
  finishedAt: string | null;
  refundedAt: string | null;
}

/** A row of the report: the transfer, the shop that sent it, the remitter and beneficiary. */
export interface DmtTransfer extends DmtTransferRecord {
  shop: { id: string; name: string; mobile: string };
  remitter: { name: string; mobile: string };
  /** `account` masked: `XXXX1234`. */
  beneficiary: { name: string; account: string; ifsc: string };
}

/** What one transfer is: these rupees to this beneficiary by this mode. */
export interface DmtTransferOf {
  remitterMobile: string;
  beneficiaryId: string;
  /** Rupees, 2 decimals. */
  amount: string;
  mode: DmtMode;
}

/** The API's quote of one transfer (with its OTP): the fee the customer pays, and the total. */
export interface DmtQuote {
  amount: number;
  fee: number;
  total: number;
  mode: DmtMode;
  expiresAt: string;
  /** What the remitter may still send this month once this transfer is counted out. */
  monthLeft: number;
}

export interface DmtTransferSubmission extends DmtTransferOf, MoneyCallHeaders {
  otp: string;
}

export interface DmtTransferFilter {
  status?: DmtTransferStatusFilter;
  page: number;
  pageSize: number;
}

/** Statuses the provider has not settled yet, and how often a list holding one is asked again. */
const IN_FLIGHT = new Set<string>(['queued', 'processing']);
const IN_FLIGHT_REFRESH_MS = 10_000;

/** TanStack Query keys: [resource, verb, params]; the resource is the product. */
export const dmtKeys = {
  all: (product: TransferProduct = 'dmt') => [product, 'transfers'] as const,
  list: (product: TransferProduct, filter: DmtTransferFilter) =>
    [product, 'transfers', 'list', filter] as const,
  sender: (mobile: string) => ['ppi', 'sender', { mobile }] as const,
};

interface Ok {
  success: true;
  message?: string;
}

/** `POST /api/dmt/transfer/otp`: the OTP to the remitter for this transfer, and its quote. */
export function useTransferOtp() {
  const { product } = useTransferProduct();
  return useMutation({
    mutationKey: [product, 'transfer', 'otp'],
    mutationFn: async (of: DmtTransferOf): Promise<DmtQuote> => {
      const answer = await api.post<Ok & { data: DmtQuote }>(`/${product}/transfer/otp`, of);
      return answer.data;
    },
  });
}

/** A transfer's answer: its record (the receipt is the transaction of the same id). */
export interface DmtTransferAnswer extends Ok {
  data: DmtTransferRecord;
}

/** `POST /api/dmt/transfer`: the customer's OTP in the body, the retailer's PIN and key in headers. */
export function useSendTransfer() {
  const queryClient = useQueryClient();
  const { product } = useTransferProduct();
  return useMutation({
    mutationKey: [product, 'transfer', 'send'],
    mutationFn: ({ pin, idempotencyKey, ...body }: DmtTransferSubmission) =>
      api.post<DmtTransferAnswer>(
        `/${product}/transfer`,
        body,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: () => {
      for (const queryKey of [
        balanceKeys.all,
        transactionKeys.lists,
        dmtKeys.all(product),
        remitterKeys.all,
        ['ppi', 'sender'],
        ['ledger'],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** `POST /api/dmt/transfers`: the shop's own, a distributor's network's, or all (admins). */
export function useDmtTransfers(filter: DmtTransferFilter) {
  const { product } = useTransferProduct();
  return useQuery({
    queryKey: dmtKeys.list(product, filter),
    queryFn: () =>
      api.post<Ok & { data: DmtTransfer[]; total: number }>(`/${product}/transfers`, filter),
    placeholderData: keepPreviousData,
    // While a transfer waits for the provider the list is asked again: it settles on its own.
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => IN_FLIGHT.has(row.status))
        ? IN_FLIGHT_REFRESH_MS
        : false,
  });
}

/** A refund: an OTP to the customer first, then the refund with it (once, whatever the clicks). */
export function useRefund() {
  const queryClient = useQueryClient();
  const { product } = useTransferProduct();
  const ask = useMutation({
    mutationKey: [product, 'refund', 'otp'],
    mutationFn: (transferId: string) => api.post<Ok>(`/${product}/refund/otp`, { transferId }),
  });
  const confirm = useMutation({
    mutationKey: [product, 'refund'],
    mutationFn: (step: { transferId: string; otp: string }) =>
      api.post<DmtTransferAnswer>(`/${product}/refund`, step),
    onSuccess: () => {
      for (const queryKey of [
        balanceKeys.all,
        transactionKeys.lists,
        dmtKeys.all(product),
        ['ledger'],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  return { ask, confirm };
}

/** `POST /api/dmt/transfer/check` (admins): ask the provider about a pending transfer now. */
export function useCheckTransfer() {
  const queryClient = useQueryClient();
  const { product } = useTransferProduct();
  return useMutation({
    mutationKey: ['dmt', 'transfer', 'check'],
    // Any transfer, DMT or PPI, is checked at /dmt/transfer/check (admins).
    mutationFn: (transferId: string) =>
      api.post<DmtTransferAnswer>('/dmt/transfer/check', { transferId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dmtKeys.all(product) }),
  });
}

/** A sender as PPI sees it: the remitter (its month the PPI month) and, once registered, the wallet. */
export interface PpiSender {
  remitter?: Remitter;
  wallet?: Extract<PpiSenderAnswer, { registered: true }>['wallet'];
}

/** `POST /api/ppi/sender`: the sender of a mobile, its wallet asked of the provider now. */
export function usePpiSender(mobile: string | undefined) {
  return useQuery({
    queryKey: dmtKeys.sender(mobile ?? ''),
    queryFn: async (): Promise<PpiSender> => {
      const answer = await api.post<PpiSenderAnswer>('/ppi/sender', { mobile });
      return answer.registered
        ? { remitter: answer.remitter, wallet: answer.wallet }
        : { remitter: answer.remitter };
    },
    enabled: mobile !== undefined,
  });
}
