import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyListAnswer,
  ApiKeyOtpAnswer,
  ApiKeyOtpRequest,
  RedeliverWebhookAnswer,
  WebhookDeliveriesAnswer,
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
  payoutPage: (page: number, pageSize: number) =>
    ['partner', 'payouts', { page, pageSize }] as const,
  deliveries: ['partner', 'webhookDeliveries'] as const,
  deliveryPage: (page: number, pageSize: number) =>
    ['partner', 'webhookDeliveries', { page, pageSize }] as const,
};

/** The partner's wallet, from the user balance call (spec §6). */
export function usePartnerBalance() {
  return useQuery({
    queryKey: partnerKeys.balance,
    queryFn: () => api.post<UserBalanceAnswer>('/user/checkBalance'),
    refetchInterval: 15_000,
  });
}

/**
 * One page of its payouts, its own systems' included, newest first: the transaction list,
 * scoped to the partner and paged by the server. Each record carries the fee and the UTR.
 */
export function usePayoutPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: partnerKeys.payoutPage(page, pageSize),
    queryFn: () =>
      api.post<TransactionListAnswer>('/user/transactions', { type: 'payout', page, pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

/**
 * Webhook deliveries, one page, from the partner's own call or an admin's about one partner:
 * the same screen reads either through the `source` it is given.
 */
export interface DeliverySource {
  key: readonly unknown[];
  page: (page: number, pageSize: number) => Promise<WebhookDeliveriesAnswer>;
  redeliver: (eventId: string) => Promise<RedeliverWebhookAnswer>;
}

export const ownDeliveries: DeliverySource = {
  key: partnerKeys.deliveries,
  page: (page, pageSize) =>
    api.post<WebhookDeliveriesAnswer>('/partner/webhookDeliveries', { page, pageSize }),
  redeliver: (eventId) =>
    api.post<RedeliverWebhookAnswer>('/partner/webhookDeliveries/redeliver', { eventId }),
};

export function useDeliveryPage(source: DeliverySource, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...source.key, { page, pageSize }],
    queryFn: () => source.page(page, pageSize),
    placeholderData: keepPreviousData,
    // Pending events move on their own (the job's tries): keep the page current.
    refetchInterval: 10_000,
  });
}

export function useRedeliver(source: DeliverySource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => source.redeliver(eventId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: source.key }),
  });
}

export function useApiKeys() {
  return useQuery({
    queryKey: partnerKeys.apiKeys,
    queryFn: async () => (await api.post<ApiKeyListAnswer>('/partner/apiKeys')).data,
  });
}

/** Issue 31: the OTP that approves the key (name and scopes) goes to the registered mobile. */
export function useApiKeyOtp() {
  return useMutation({
    mutationFn: (request: ApiKeyOtpRequest) =>
      api.post<ApiKeyOtpAnswer>('/partner/apiKeys/createOtp', request),
  });
}

/** Makes the key that OTP approved, with the PIN. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pin, ...request }: CreateApiKeyRequest & { pin: string }) =>
      api.post<CreatedApiKeyAnswer>('/partner/apiKeys/create', request, { pin }),
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
