import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange, LedgerAnswer, StatementLine } from '@khata/domain';
import { api } from '../../../api/client';

/** One statement line of `POST /api/user/ledger`: the movement and the balance after it. */
export type LedgerLine = StatementLine;

/** The statement's filter: local days `YYYY-MM-DD`, both included; the page always given. */
export interface LedgerFilter extends DayRange {
  page: number;
  pageSize: number;
}

export type LedgerPage = Pick<LedgerAnswer, 'data' | 'total' | 'openingBalance' | 'closingBalance'>;

export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (filter: LedgerFilter) => ['ledger', 'list', filter] as const,
};

/** The user's statement for a period: lines with the balance after each, opening and closing. */
export function useLedger(filter: LedgerFilter) {
  return useQuery({
    queryKey: ledgerKeys.list(filter),
    queryFn: () => api.post<LedgerPage>('/user/ledger', filter),
    placeholderData: keepPreviousData,
  });
}
