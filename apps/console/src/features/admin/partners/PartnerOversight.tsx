import { useMemo, useState } from 'react';
import { Alert, Card } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyListAnswer,
  ApiKeySummary,
  RedeliverWebhookAnswer,
  WebhookDeliveriesAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';
import { ApiKeyList, PinModal, WebhookDeliveries, type DeliverySource } from '../../partner';

/** TanStack Query keys: [resource, verb, params]. */
const oversightKeys = {
  apiKeys: (partnerId: string) => ['admin', 'partnerApiKeys', { partnerId }] as const,
  deliveries: (partnerId: string) => ['admin', 'partnerWebhookDeliveries', { partnerId }] as const,
};

/**
 * Issue 23: on a partner's User details, for admins, its API keys (revoke with the admin's
 * PIN) and its webhook deliveries, the same table the partner sees.
 */
export function PartnerOversight({ partnerId }: { partnerId: string }) {
  return (
    <>
      <PartnerKeysCard partnerId={partnerId} />
      <PartnerDeliveriesCard partnerId={partnerId} />
    </>
  );
}

function PartnerKeysCard({ partnerId }: { partnerId: string }) {
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: oversightKeys.apiKeys(partnerId),
    queryFn: async () =>
      (await api.post<ApiKeyListAnswer>('/admin/partnerApiKeys', { partnerId })).data,
  });
  const revoke = useMutation({
    mutationFn: ({ id, pin }: { id: string; pin: string }) =>
      api.post('/admin/partnerApiKeys/revoke', { partnerId, id }, { pin }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oversightKeys.apiKeys(partnerId) }),
  });
  const [revoking, setRevoking] = useState<ApiKeySummary>();
  const close = () => {
    setRevoking(undefined);
    revoke.reset();
  };
  return (
    <Card className="admin-card" title="Partner API keys" data-testid="partner-api-keys">
      {keys.isError && <Alert type="error" showIcon title={keys.error.message} />}
      <ApiKeyList keys={keys.data} loading={keys.isPending} onRevoke={setRevoking} />
      <PinModal
        open={revoking !== undefined}
        title="Revoke the partner's API key"
        okText="Revoke key"
        danger
        loading={revoke.isPending}
        error={revoke.error?.message}
        onCancel={close}
        onConfirm={(pin) =>
          revoking && revoke.mutate({ id: revoking.id, pin }, { onSuccess: close })
        }
      >
        <p>
          Calls with <code>{revoking?.prefix}</code> stop working at once. This cannot be undone.
          Confirm with your own PIN.
        </p>
      </PinModal>
    </Card>
  );
}

function PartnerDeliveriesCard({ partnerId }: { partnerId: string }) {
  const source = useMemo<DeliverySource>(
    () => ({
      key: oversightKeys.deliveries(partnerId),
      page: (page, pageSize) =>
        api.post<WebhookDeliveriesAnswer>('/admin/partnerWebhookDeliveries', {
          partnerId,
          page,
          pageSize,
        }),
      redeliver: (eventId) =>
        api.post<RedeliverWebhookAnswer>('/admin/partnerWebhookDeliveries/redeliver', {
          partnerId,
          eventId,
        }),
    }),
    [partnerId],
  );
  return (
    <Card
      className="admin-card"
      title="Partner webhook deliveries"
      data-testid="partner-deliveries"
    >
      <WebhookDeliveries source={source} />
    </Card>
  );
}
