import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  IN_FLIGHT_STATUSES,
  type ReportPreset,
  type TransactionReportAnswer,
  type TransactionReportRequest,
  type TransactionAnswer,
  type TransactionListAnswer,
  type TransactionListRequest,
  type TransactionRecord,
} from '@khata/domain';
import { api } from '../../../api/client';

/** The report's filter: local days `YYYY-MM-DD`, both included; the page always given. */
export interface TransactionFilter extends TransactionListRequest {
  page: number;
  pageSize: number;
}

export type TransactionPage = Pick<TransactionListAnswer, 'data' | 'total'>;

/** TanStack Query keys: [resource, verb, params]. */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: ['transactions', 'list'] as const,
  list: (filter: TransactionFilter) => ['transactions', 'list', filter] as const,
  one: (id: string) => ['transactions', 'one', { id }] as const,
};

export const transactionsApi = {
  list: (filter: TransactionFilter) => api.post<TransactionPage>('/user/transactions', filter),
  one: (id: string) => api.post<TransactionAnswer>('/user/transaction', { id }),
};

/** One page of the user's transactions, newest first; the previous page stays while the next loads. */
export function useTransactions(filter: TransactionFilter) {
  return useQuery({
    queryKey: transactionKeys.list(filter),
    queryFn: () => transactionsApi.list(filter),
    placeholderData: keepPreviousData,
  });
}

/** Statuses a record can still leave: the bank has not answered yet. */
const IN_FLIGHT = new Set<string>(IN_FLIGHT_STATUSES);

/** While a payout is on its way, the receipt asks again this often (live updates may be off). */
const IN_FLIGHT_REFRESH_MS = 5_000;

/** Which of two versions of a record is the later one: by `updatedAt`, then by status. */
function isLater(candidate: TransactionRecord, known: TransactionRecord): boolean {
  const a = Date.parse(candidate.updatedAt);
  const b = Date.parse(known.updatedAt);
  if (a !== b) return a > b;
  return IN_FLIGHT.has(known.status) && !IN_FLIGHT.has(candidate.status);
}

/**
 * Keeps the latest version of a record: the answer of the call that made a payout can arrive
 * after the live event of its result, and must not put the receipt back to "queued". Every
 * path now answers the same shape (libs/domain's contract), but this is about order, not
 * shape, so it stays.
 */
export function rememberRecord(queryClient: QueryClient, record: TransactionRecord): void {
  queryClient.setQueryData<TransactionRecord>(transactionKeys.one(record._id), (known) =>
    known && !isLater(record, known) ? known : record,
  );
}

/**
 * One record, for the receipt. A record the screen already holds (the answer of the call that
 * made it) shows at once; live `transaction.updated` events keep it current, and while it is
 * still on its way it is also asked for again every 5 s, in case live updates are off.
 */
export function useTransaction(id: string, known?: TransactionRecord) {
  return useQuery({
    queryKey: transactionKeys.one(id),
    queryFn: async () => (await transactionsApi.one(id)).transactionRecord,
    initialData: known,
    // A record given by the call that created it is fresh; ask again only when it changes.
    staleTime: known ? 10_000 : 0,
    refetchInterval: (query) =>
      IN_FLIGHT.has(query.state.data?.status ?? '') ? IN_FLIGHT_REFRESH_MS : false,
  });
}

/** A transaction report's filter as the screens keep it (in the address): the engine's request. */
export interface ReportFilter extends TransactionReportRequest {
  report: ReportPreset;
  page: number;
  pageSize: number;
  /** The chosen user's name, for the scope picker; not sent. */
  userLabel?: string;
}

/** What the engine is sent: the filter without the console's own fields. */
function reportRequest(filter: ReportFilter, paged: boolean): TransactionReportRequest {
  const { userLabel: _label, page, pageSize, ...request } = filter;
  void _label;
  return paged ? { ...request, page, pageSize } : request;
}

export const reportKeys = {
  all: ['reports', 'transactions'] as const,
  page: (filter: ReportFilter) => ['reports', 'transactions', reportRequest(filter, true)] as const,
};

/** One page of a transaction report with its totals (`POST /api/reports/transactions`). */
export function useTransactionReport(filter: ReportFilter) {
  return useQuery({
    queryKey: reportKeys.page(filter),
    queryFn: () =>
      api.post<TransactionReportAnswer>('/reports/transactions', reportRequest(filter, true)),
    placeholderData: keepPreviousData,
  });
}

/** The whole filtered set as CSV (`POST /api/reports/transactions.csv`), saved as a file. */
export async function downloadTransactionReportCsv(filter: ReportFilter): Promise<void> {
  const blob = await api.file('/reports/transactions.csv', reportRequest(filter, false));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${filter.report}-${filter.from ?? 'recent'}-to-${filter.to ?? 'today'}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
