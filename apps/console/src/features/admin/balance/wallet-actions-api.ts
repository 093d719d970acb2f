import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HoldingAnswer,
  HoldingKind,
  HoldingsAnswer,
  OverdraftAnswer,
  OverdraftsAnswer,
  PendingApprovalAnswer,
  WalletMovementAnswer,
} from '@khata/domain';
import { api, moneyHeaders, type MoneyCallHeaders } from '../../../api/client';
import { usersKeys } from '../users/api';

/** Issue 13: liens, security deposits, overdraft limits and admin debits (docs/api.md). */
export const balancesKeys = {
  holdings: (userId: string) => ['balances', 'holdings', { userId }] as const,
  overdrafts: ['balances', 'overdrafts'] as const,
};

const PLACE_PATH: Record<HoldingKind, string> = {
  lien: '/admin/lien',
  security: '/admin/securityDeposit',
};

/** `POST /api/admin/holdings`: the user's liens and deposits, newest first. */
export function useHoldings(userId: string) {
  return useQuery({
    queryKey: balancesKeys.holdings(userId),
    queryFn: async () => (await api.post<HoldingsAnswer>('/admin/holdings', { userId })).data,
  });
}

/** After any of these: the user's details, holdings and the overdraft list are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['balances'] });
    // A large credit or debit waits in the Approvals queue instead (issue 31).
    void queryClient.invalidateQueries({ queryKey: ['approvals'] });
  };
}

export interface PlaceHoldingRequest extends MoneyCallHeaders {
  kind: HoldingKind;
  userId: string;
  /** Rupees as typed. */
  amount: string;
  reason: string;
}

export function usePlaceHolding() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['balances', 'place'],
    mutationFn: ({ kind, pin, idempotencyKey, ...body }: PlaceHoldingRequest) =>
      api.post<HoldingAnswer>(PLACE_PATH[kind], body, moneyHeaders({ pin, idempotencyKey })),
    onSuccess: refresh,
  });
}

export interface ReleaseHoldingRequest extends MoneyCallHeaders {
  kind: HoldingKind;
  id: string;
  reason: string;
}

export function useReleaseHolding() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['balances', 'release'],
    mutationFn: ({ kind, pin, idempotencyKey, ...body }: ReleaseHoldingRequest) =>
      api.post<HoldingAnswer>(
        `${PLACE_PATH[kind]}/release`,
        body,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: refresh,
  });
}

export interface SetOverdraftRequest extends MoneyCallHeaders {
  userId: string;
  /** Rupees as typed; 0 ends the overdraft. */
  limit: string;
  reason: string;
}

export function useSetOverdraft() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['balances', 'overdraft'],
    mutationFn: ({ pin, idempotencyKey, ...body }: SetOverdraftRequest) =>
      api.post<OverdraftAnswer>('/admin/overdraft', body, moneyHeaders({ pin, idempotencyKey })),
    onSuccess: refresh,
  });
}

/** `POST /api/admin/overdrafts`: every wallet with a limit. */
export function useOverdrafts() {
  return useQuery({
    queryKey: balancesKeys.overdrafts,
    queryFn: async () => (await api.post<OverdraftsAnswer>('/admin/overdrafts', {})).data,
  });
}

export interface CreditWalletRequest extends MoneyCallHeaders {
  mobile: string;
  /** Rupees as typed. */
  amount: string;
  /** The admin's reason, kept as the credit's remark. */
  remark: string;
}

/** `POST /api/admin/creditWallet` (issue 23 puts it on User details): an admin funds a wallet. */
export function useCreditWallet() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['balances', 'credit'],
    mutationFn: ({ pin, idempotencyKey, ...body }: CreditWalletRequest) =>
      api.post<WalletMovementAnswer | PendingApprovalAnswer>(
        '/admin/creditWallet',
        body,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: refresh,
  });
}

export interface SendToDownlineRequest extends MoneyCallHeaders {
  userId: string;
  /** Rupees as typed. */
  amount: string;
  remark?: string;
}

/** `POST /api/user/sendMoneyToDownline` (issue 23): a distributor tier pays its downline. */
export function useSendToDownline() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['balances', 'sendToDownline'],
    mutationFn: ({ pin, idempotencyKey, ...body }: SendToDownlineRequest) =>
      api.post<WalletMovementAnswer>(
        '/user/sendMoneyToDownline',
        body,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: refresh,
  });
}

export interface DebitWalletRequest extends MoneyCallHeaders {
  mobile: string;
  amount: string;
  reason: string;
}

export function useDebitWallet() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['balances', 'debit'],
    mutationFn: ({ pin, idempotencyKey, ...body }: DebitWalletRequest) =>
      api.post<WalletMovementAnswer | PendingApprovalAnswer>(
        '/admin/debitWallet',
        body,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: refresh,
  });
}
