import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BbpsBillerParam, BbpsExactness, BbpsPaymentStatus } from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { transactionKeys } from '../transactions/api';
import { inFlight } from './format';

/*
 * The BBPS routes (issue 27, docs/api.md "Bill payments (BBPS)"). The API answers with its DTO
 * mappers and no shared contract type, so the shapes are written here as the contract gives
 * them. Amounts are rupees (JSON numbers), read into paise with `paiseOf` where rules apply.
 */

/** One category of the hub (`GET /api/bbps/categories`), with how many billers it has. */
export interface BbpsCategoryDto {
  code: string;
  name: string;
  billers: number;
}

/** A biller as the catalogue lists it; its CCF slabs stay on the server (the quote says the fee). */
export interface BbpsBillerDto {
  id: string;
  name: string;
  categoryCode: string;
  categoryName: string;
  coverage: string;
  params: BbpsBillerParam[];
  fetch: boolean;
  adhoc: boolean;
  exactness: BbpsExactness;
  active: boolean;
}

/** The customer's details a fetch and a payment send. */
export interface BbpsCustomer {
  billerId: string;
  params: Record<string, string>;
  customerMobile: string;
  /** The shop's 6-digit postal code (BBPS asks it of every agent call; Khata keeps no address). */
  postalCode: string;
  /** The device's "lat,long"; without it the API reads the request's location headers. */
  geocode?: string;
}

/** A fetched bill (`POST /api/bbps/bills/fetch`); `fetchId` ties the payment to it. */
export interface BbpsBillDto {
  fetchId: string;
  billerId: string;
  customerName: string | null;
  billNumber: string | null;
  billDate: string | null;
  dueDate: string | null;
  billPeriod: string | null;
  amount: number;
  /** A smaller amount accepted until a day (early payment). */
  earlyAmount: { amount: number; until: string } | null;
  /** What is due after the due date. */
  lateAmount: number | null;
  exactness: BbpsExactness;
}

/** The fee and total the payment will take (`GET /api/bbps/quote`), by the rule that charges. */
export interface BbpsQuoteDto {
  amount: number;
  ccf: number;
  total: number;
  /** What the shop earns on it, gross. */
  commission: number;
}

/** One bill payment as every payment route answers it (and the receipt prints it). */
export interface BbpsPaymentDto {
  id: string;
  /** The transaction record behind it: the receipt's QR check is made for it. */
  recordId: string;
  status: BbpsPaymentStatus;
  billerId: string;
  /** Null in the answer to Pay (read again, the payment names them). */
  billerName: string | null;
  categoryCode: string;
  categoryName: string | null;
  /** As the API gives them: a card number already masked. */
  params: { name: string; value: string }[];
  customerMobile: string;
  customerName: string | null;
  billNumber: string | null;
  billDate: string | null;
  dueDate: string | null;
  billPeriod: string | null;
  amount: number;
  ccf: number;
  total: number;
  /** The shop's, gross, once processed; null when none. */
  commission: number | null;
  refId: string;
  bbpsReference: string | null;
  approvalRef: string | null;
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
  shop: { id: string; name: string | null; mobile: string | null };
}

/** What the form sends for one payment (the Idempotency-Key goes in a header). */
export interface BbpsPaymentRequest extends BbpsCustomer {
  /** Rupees, as a decimal string. */
  amount: string;
  fetchId?: string;
  pin: string;
}

interface Ok<T> {
  success: true;
  data: T;
  message?: string;
}

/** How often a payment Bharat BillPay has not confirmed is read again while the result shows. */
const PENDING_POLL_MS = 5_000;

/** TanStack Query keys: [resource, verb, params]. */
export const bbpsKeys = {
  all: ['bbps'] as const,
  categories: ['bbps', 'categories'] as const,
  billers: (category: string) => ['bbps', 'billers', 'list', { category }] as const,
  biller: (id: string) => ['bbps', 'billers', 'one', { id }] as const,
  quote: (billerId: string, amount: string) => ['bbps', 'quote', { billerId, amount }] as const,
  payments: ['bbps', 'payments'] as const,
  payment: (id: string) => ['bbps', 'payments', 'one', { id }] as const,
};

/**
 * What a settled payment changes: the payment and the report, the wallet balance, and the
 * transaction and ledger views that show the debit.
 */
export function invalidateBbps(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const queryKey of [bbpsKeys.payments, balanceKeys.all, transactionKeys.lists, ['ledger']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** `GET /api/bbps/categories`: the hub's cards. */
export function useBbpsCategories() {
  return useQuery({
    queryKey: bbpsKeys.categories,
    queryFn: async () => (await api.get<Ok<BbpsCategoryDto[]>>('/bbps/categories')).data,
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/bbps/billers?category=`: one category's billers (searched in the select). */
export function useBbpsBillers(category: string | undefined) {
  return useQuery({
    queryKey: bbpsKeys.billers(category ?? ''),
    queryFn: async () =>
      (
        await api.get<Ok<BbpsBillerDto[]>>(
          `/bbps/billers?${new URLSearchParams({ category: category! }).toString()}`,
        )
      ).data,
    enabled: Boolean(category),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/bbps/billers/:id`: one biller, for the screens that fix it (DHBVN). */
export function useBbpsBiller(id: string | undefined) {
  return useQuery({
    queryKey: bbpsKeys.biller(id ?? ''),
    queryFn: async () =>
      (await api.get<Ok<BbpsBillerDto>>(`/bbps/billers/${encodeURIComponent(id!)}`)).data,
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}

/**
 * `POST /api/bbps/bills/fetch`. A plain call, not a mutation: the customer's details are not
 * kept in a mutation cache; the form holds the answer.
 */
export async function fetchBbpsBill(customer: BbpsCustomer): Promise<BbpsBillDto> {
  return (await api.post<Ok<BbpsBillDto>>('/bbps/bills/fetch', customer)).data;
}

/**
 * `GET /api/bbps/quote`: the CCF and total for a valid amount (rupees string), asked once the
 * amount has settled; the previous quote stays shown while the next loads.
 */
export function useBbpsQuote(billerId: string | undefined, amount: string | undefined) {
  return useQuery({
    queryKey: bbpsKeys.quote(billerId ?? '', amount ?? ''),
    queryFn: async () =>
      (
        await api.get<Ok<BbpsQuoteDto>>(
          `/bbps/quote?${new URLSearchParams({ billerId: billerId!, amount: amount! }).toString()}`,
        )
      ).data,
    enabled: Boolean(billerId && amount),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * `POST /api/bbps/payments` with the confirmed form's Idempotency-Key: the same key again (a
 * double click, a retry after no answer) is answered with the same payment, never a second.
 * A plain call, so the PIN is kept in no cache.
 */
export function postBbpsPayment(
  request: BbpsPaymentRequest,
  idempotencyKey: string,
): Promise<Ok<BbpsPaymentDto>> {
  return api.post<Ok<BbpsPaymentDto>>('/bbps/payments', request, {
    'Idempotency-Key': idempotencyKey,
  });
}

/**
 * `GET /api/bbps/payments/:id`, the result's and the receipt's data: read again every 5 s while
 * Bharat BillPay has not confirmed (the API's status check settles it), and on "Check again".
 */
export function useBbpsPayment(id: string | undefined, known?: BbpsPaymentDto) {
  return useQuery({
    queryKey: bbpsKeys.payment(id ?? ''),
    queryFn: async () =>
      (await api.get<Ok<BbpsPaymentDto>>(`/bbps/payments/${encodeURIComponent(id!)}`)).data,
    enabled: id !== undefined,
    initialData: known && known.id === id ? known : undefined,
    refetchInterval: (query) =>
      query.state.data && inFlight(query.state.data.status) ? PENDING_POLL_MS : false,
  });
}
