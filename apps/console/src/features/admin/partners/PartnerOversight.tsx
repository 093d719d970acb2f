import { useMemo, useState } from 'react';
import { Alert, Card } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('partners');
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
    <Card className="admin-card" title={t('keys.title')} data-testid="partner-api-keys">
      {keys.isError && <Alert type="error" showIcon title={keys.error.message} />}
      <ApiKeyList keys={keys.data} loading={keys.isPending} onRevoke={setRevoking} />
      <PinModal
        open={revoking !== undefined}
        title={t('keys.revoke.title')}
        okText={t('keys.revoke.ok')}
        danger
        loading={revoke.isPending}
        error={revoke.error?.message}
        onCancel={close}
        onConfirm={(pin) =>
          revoking && revoke.mutate({ id: revoking.id, pin }, { onSuccess: close })
        }
      >
        <p>
          <Trans
            t={t}
            i18nKey="keys.revoke.body"
            values={{ prefix: revoking?.prefix ?? '' }}
            components={{ code: <code /> }}
          />
        </p>
      </PinModal>
    </Card>
  );
}

function PartnerDeliveriesCard({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation('partners');
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
    <Card className="admin-card" title={t('deliveries.title')} data-testid="partner-deliveries">
      <WebhookDeliveries source={source} />
    </Card>
  );
}
