import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange, LedgerAnswer, ListUsersAnswer, StatementLine } from '@khata/domain';
import { api } from '../../../api/client';

/** One statement line of `POST /api/user/ledger`: the movement and the balance after it. */
export type LedgerLine = StatementLine;

/**
 * The accounts a user holds (libs/ledger USER_ACCOUNT_KINDS); the report names them in the
 * current language (LedgerReportPage's ACCOUNT_KEYS).
 */
export const LEDGER_ACCOUNTS = [
  { value: 'wallet' },
  { value: 'commission' },
  { value: 'aeps' },
  { value: 'lien' },
  { value: 'security' },
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number]['value'];

/** The statement's filter: whose, which account, India days `YYYY-MM-DD`, and the page. */
export interface LedgerFilter extends DayRange {
  /** Absent: the caller's own ledger. */
  userId?: string;
  account: LedgerAccount;
  page: number;
  pageSize: number;
}

export type LedgerPage = Omit<LedgerAnswer, 'success'>;

export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (filter: LedgerFilter) => ['ledger', 'list', filter] as const,
  users: (search: string) => ['ledger', 'users', search] as const,
};

/** The statement for a period: lines with the balance after each, opening, closing, totals. */
export function useLedger(filter: LedgerFilter) {
  return useQuery({
    queryKey: ledgerKeys.list(filter),
    queryFn: () => api.post<LedgerPage>('/user/ledger', filter),
    placeholderData: keepPreviousData,
  });
}

/** Users of the caller's network whose name, mobile or shop matches (`/admin/users`). */
export function useLedgerUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ledgerKeys.users(search),
    queryFn: async () =>
      (await api.post<ListUsersAnswer>('/admin/users', { search, page: 1, pageSize: 10 })).data,
    enabled: enabled && search.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/user/ledger/csv`: the whole period (every page), saved as a file. */
export async function downloadLedgerCsv(
  filter: LedgerFilter,
  owner: { mobile: string } | undefined,
): Promise<void> {
  const { userId, account, from, to } = filter;
  const blob = await api.file('/user/ledger/csv', { userId, account, from, to });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `ledger-${owner?.mobile ?? 'mine'}-${account}-${from ?? ''}-to-${to ?? ''}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
