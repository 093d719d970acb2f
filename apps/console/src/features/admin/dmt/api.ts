import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, moneyHeaders, type MoneyCallHeaders } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { remitterKeys } from '../remitters/api';
import type { DmtMode, DmtRefundState, DmtTransferStatusFilter } from '@khata/domain';
import { transactionKeys } from '../transactions/api';

/*
 * The DMT transfer routes (docs/api.md, "DMT transfers (issue 25)"). Helper B's API answers
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

/** TanStack Query keys: [resource, verb, params]. */
export const dmtKeys = {
  all: ['dmt', 'transfers'] as const,
  list: (filter: DmtTransferFilter) => ['dmt', 'transfers', 'list', filter] as const,
};

interface Ok {
  success: true;
  message?: string;
}

/** `POST /api/dmt/transfer/otp`: the OTP to the remitter for this transfer, and its quote. */
export function useTransferOtp() {
  return useMutation({
    mutationKey: ['dmt', 'transfer', 'otp'],
    mutationFn: async (of: DmtTransferOf): Promise<DmtQuote> => {
      const answer = await api.post<Ok & { data: DmtQuote }>('/dmt/transfer/otp', of);
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
  return useMutation({
    mutationKey: ['dmt', 'transfer', 'send'],
    mutationFn: ({ pin, idempotencyKey, ...body }: DmtTransferSubmission) =>
      api.post<DmtTransferAnswer>('/dmt/transfer', body, moneyHeaders({ pin, idempotencyKey })),
    onSuccess: () => {
      for (const queryKey of [
        balanceKeys.all,
        transactionKeys.lists,
        dmtKeys.all,
        remitterKeys.all,
        ['ledger'],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** `POST /api/dmt/transfers`: the shop's own, a distributor's network's, or all (admins). */
export function useDmtTransfers(filter: DmtTransferFilter) {
  return useQuery({
    queryKey: dmtKeys.list(filter),
    queryFn: () => api.post<Ok & { data: DmtTransfer[]; total: number }>('/dmt/transfers', filter),
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
  const ask = useMutation({
    mutationKey: ['dmt', 'refund', 'otp'],
    mutationFn: (transferId: string) => api.post<Ok>('/dmt/refund/otp', { transferId }),
  });
  const confirm = useMutation({
    mutationKey: ['dmt', 'refund'],
    mutationFn: (step: { transferId: string; otp: string }) =>
      api.post<DmtTransferAnswer>('/dmt/refund', step),
    onSuccess: () => {
      for (const queryKey of [balanceKeys.all, transactionKeys.lists, dmtKeys.all, ['ledger']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  return { ask, confirm };
}

/** `POST /api/dmt/transfer/check` (admins): ask the provider about a pending transfer now. */
export function useCheckTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dmt', 'transfer', 'check'],
    mutationFn: (transferId: string) =>
      api.post<DmtTransferAnswer>('/dmt/transfer/check', { transferId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dmtKeys.all }),
  });
}
