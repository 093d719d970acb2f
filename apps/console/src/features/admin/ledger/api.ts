import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** One statement line of `POST /api/user/ledger`: the movement and the balance after it. */
export interface LedgerLine {
  orderID?: string;
  /** When the ledger event happened (ISO). */
  at?: string;
  /** The ledger's event type (`wallet.transferred`…) and the report's type (`walletTransfer`…). */
  eventType?: string;
  recordType?: string | null;
  recordId?: string | null;
  description?: string | null;
  /** `amount` and `fee` move the balance; `hold` and `release` only set money aside (an extension). */
  kind?: 'amount' | 'fee' | 'hold' | 'release';
  /** The line in plain words (an extension). */
  narration?: string;
  /** Rupees set aside by a hold (positive) or freed by its release (negative). */
  held?: number;
  /** Rupees; 0 on the side the line does not move. */
  debit?: number;
  credit?: number;
  balanceAfter?: number;
}

export interface LedgerFilter {
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export interface LedgerPage {
  data: LedgerLine[];
  total?: number;
  openingBalance?: number;
  closingBalance?: number;
}

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
