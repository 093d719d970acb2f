import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyListAnswer,
  CreateApiKeyRequest,
  CreatedApiKeyAnswer,
  PartnerWebhookAnswer,
  TransactionListAnswer,
  UserBalanceAnswer,
} from '@khata/domain';
import { api } from '../../api/client';

/** TanStack Query keys: [resource, verb, params]. */
export const partnerKeys = {
  all: ['partner'] as const,
  balance: ['partner', 'balance'] as const,
  apiKeys: ['partner', 'apiKeys'] as const,
  webhook: ['partner', 'webhook'] as const,
  payouts: ['partner', 'payouts'] as const,
};

/** The partner's wallet, from the user balance call (spec §6). */
export function usePartnerBalance() {
  return useQuery({
    queryKey: partnerKeys.balance,
    queryFn: () => api.post<UserBalanceAnswer>('/user/checkBalance'),
    refetchInterval: 15_000,
  });
}

/** The latest payouts, its own systems' included: the transaction list, scoped to the partner. */
export function useRecentPayouts() {
  return useQuery({
    queryKey: partnerKeys.payouts,
    queryFn: () =>
      api.post<TransactionListAnswer>('/user/transactions', {
        type: 'payout',
        page: 1,
        pageSize: 10,
      }),
    refetchInterval: 10_000,
  });
}

export function useApiKeys() {
  return useQuery({
    queryKey: partnerKeys.apiKeys,
    queryFn: async () => (await api.post<ApiKeyListAnswer>('/partner/apiKeys')).data,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) =>
      api.post<CreatedApiKeyAnswer>('/partner/apiKeys/create', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin }: { id: string; pin: string }) =>
      api.post('/partner/apiKeys/revoke', { id }, { pin }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.apiKeys }),
  });
}

export function useWebhook() {
  return useQuery({
    queryKey: partnerKeys.webhook,
    queryFn: async () => (await api.post<PartnerWebhookAnswer>('/partner/webhook/current')).webhook,
  });
}

export function useSetWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<PartnerWebhookAnswer>('/partner/webhook', { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.webhook }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: string) =>
      api.post<PartnerWebhookAnswer>('/partner/webhook/rotateSecret', {}, { pin }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.webhook }),
  });
}
