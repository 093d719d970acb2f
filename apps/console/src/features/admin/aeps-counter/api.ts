import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AepsBank, AepsKind, MiniStatementLine } from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { transactionKeys } from '../transactions/api';
import { inFlight } from './format';

/*
 * The AEPS routes (docs/api.md, "AEPS at the counter (issue 26)"). The API answers them with
 * its DTO mappers and no shared contract type, so the shapes are written here as the contract
 * gives them. Amounts are rupees.
 */

/** What the counter needs to know before it serves a customer (`GET /api/aeps/status`). */
export interface AepsStatus {
  /** The agent's e-KYC with the provider is done (once). */
  registered: boolean;
  /** The agent's own fingerprint was checked this India day (the provider's 2FA). */
  dailyAuthToday: boolean;
  /** The India day, YYYY-MM-DD. */
  day: string;
  aepsBalance: number;
  limits: { minimum: number; perTransaction: number; withdrawalsPerCustomerPerDay: number };
  banks: AepsBank[];
  aadhaarPayFeePercent: number;
}

/** `queued` → `processing` → `processed` | `failed`. */
export type AepsStatusName = 'queued' | 'processing' | 'processed' | 'failed';

/** One AEPS transaction as every route answers it (and the receipt prints it). */
export interface AepsTransaction {
  id: string;
  kind: AepsKind;
  status: AepsStatusName;
  /** 0 for an enquiry. */
  amount: number;
  /** The shop's, net of TDS; a cash withdrawal's only. */
  commission: number;
  tds: number;
  /** Aadhaar Pay's fee, taken from what the shop is credited. */
  merchantFee: number;
  /**
   * What the AEPS balance received: a withdrawal's amount, Aadhaar Pay's less its fee (the
   * commission goes to the shop's wallet).
   */
  credited: number;
  /** Masked: `XXXX XXXX 1234`, never more. */
  aadhaar: string;
  bankIin: string;
  bankName: string;
  mobile: string;
  rrn: string | null;
  /** The customer's account balance as the bank reported it, or null. */
  balance: number | null;
  statement: MiniStatementLine[] | null;
  message: string | null;
  /** Failed, but the bank debited the customer: RBI's T+5 reversal clock runs. */
  bankDebited: boolean;
  reversalDueBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The name comes with the list's rows; one transaction read alone has none. */
  shop: { id: string; name: string | null };
}

export interface AepsTransactionFilter {
  kind?: AepsKind;
  status?: AepsStatusName;
  page: number;
  pageSize: number;
}

/** What the counter sends for one transaction; `pid` is the customer's capture. */
export interface AepsTransactionRequest {
  kind: AepsKind;
  aadhaar: string;
  bankIin: string;
  mobile: string;
  /** Rupees, as typed; only for cash withdrawal and Aadhaar Pay. */
  amount?: string;
  pid: string;
}

interface Ok {
  success: true;
  message?: string;
}

export interface AepsStatusAnswer extends Ok {
  data: AepsStatus;
}

export interface AepsTransactionAnswer extends Ok {
  data: AepsTransaction;
}

/** How often the counter asks about a transaction the bank has not confirmed (a customer waits). */
const COUNTER_POLL_MS = 3_000;
/** How often a report holding an unconfirmed row is read again. */
const REPORT_POLL_MS = 10_000;

/** TanStack Query keys: [resource, verb, params]. */
export const aepsKeys = {
  all: ['aeps'] as const,
  status: ['aeps', 'status'] as const,
  lists: ['aeps', 'transactions', 'list'] as const,
  list: (filter: AepsTransactionFilter) => ['aeps', 'transactions', 'list', filter] as const,
  one: (id: string) => ['aeps', 'transactions', 'one', { id }] as const,
};

/**
 * What a settled AEPS call changes: the status (AEPS balance, daily authentication), the
 * reports, and the wallet and ledger views that show the AEPS balance.
 */
export function invalidateAeps(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const queryKey of [aepsKeys.all, balanceKeys.all, transactionKeys.lists, ['ledger']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** `GET /api/aeps/status`: registration, today's authentication, the AEPS balance, the banks. */
export function useAepsStatus() {
  return useQuery({
    queryKey: aepsKeys.status,
    queryFn: async () => (await api.get<AepsStatusAnswer>('/aeps/status')).data,
  });
}

/** `POST /api/aeps/agent/register`: the shop owner's e-KYC with the provider, once. */
export function useRegisterAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['aeps', 'agent', 'register'],
    // The owner's Aadhaar is sent once; gcTime 0 drops the mutation (and its variables) from
    // the cache as soon as the card stops watching it.
    gcTime: 0,
    mutationFn: (body: { aadhaar: string; pid: string }) =>
      api.post<AepsStatusAnswer>('/aeps/agent/register', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: aepsKeys.status }),
  });
}

/** `POST /api/aeps/agent/daily-auth`: the owner's fingerprint, once per India day. */
export function useDailyAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['aeps', 'agent', 'daily-auth'],
    gcTime: 0,
    mutationFn: (body: { pid: string }) =>
      api.post<AepsStatusAnswer>('/aeps/agent/daily-auth', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: aepsKeys.status }),
  });
}

/**
 * `POST /api/aeps/transactions` with the capture's Idempotency-Key. A plain call, not a
 * mutation: TanStack Query keeps a mutation's variables (here the whole Aadhaar number) in its
 * cache for minutes; this keeps them nowhere.
 */
export function postAepsTransaction(
  request: AepsTransactionRequest,
  idempotencyKey: string,
): Promise<AepsTransactionAnswer> {
  return api.post<AepsTransactionAnswer>('/aeps/transactions', request, {
    'Idempotency-Key': idempotencyKey,
  });
}

/**
 * `GET /api/aeps/transactions/:id`, the receipt's data: asked again every 3 s while the bank
 * has not confirmed, and once more for the balances when it turns final.
 */
export function useAepsTransaction(id: string | undefined, known?: AepsTransaction) {
  return useQuery({
    queryKey: aepsKeys.one(id ?? ''),
    queryFn: async () =>
      (await api.get<AepsTransactionAnswer>(`/aeps/transactions/${encodeURIComponent(id!)}`)).data,
    enabled: id !== undefined,
    initialData: known && known.id === id ? known : undefined,
    refetchInterval: (query) =>
      query.state.data && inFlight(query.state.data.status) ? COUNTER_POLL_MS : false,
  });
}

/** `GET /api/aeps/transactions`: a shop its own, a distributor its network, admin all. */
export function useAepsTransactions(filter: AepsTransactionFilter) {
  const query = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(filter.pageSize),
    ...(filter.kind && { kind: filter.kind }),
    ...(filter.status && { status: filter.status }),
  });
  return useQuery({
    queryKey: aepsKeys.list(filter),
    queryFn: () =>
      api.get<Ok & { data: AepsTransaction[]; total: number; page: number; pageSize: number }>(
        `/aeps/transactions?${query.toString()}`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.data.some((row) => inFlight(row.status)) ? REPORT_POLL_MS : false,
  });
}

/** `POST /api/aeps/transactions/:id/check` (admins): ask the provider about it now. */
export function useCheckAepsTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['aeps', 'transactions', 'check'],
    mutationFn: (id: string) =>
      api.post<AepsTransactionAnswer>(`/aeps/transactions/${encodeURIComponent(id)}/check`),
    onSuccess: () => invalidateAeps(queryClient),
  });
}
