import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Input, Skeleton, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  canUseMenuItem,
  checkPin,
  checkServiceReason,
  SERVICE_CATALOGUE,
  SERVICE_REASON_MAX_LENGTH,
  type ServiceKey,
  type UserServicesAnswer,
  type UserServicesRequest,
} from '@khata/domain';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { useAdminUser } from '../session/adminUser';
import { useUpdateServices, useUserServices } from './api';
import { useAdminLabels } from '../common/labels';
import { serviceName, serviceStatusLabel } from './labels';
import './services.css';

export interface UserServicesCardProps {
  /** The user, by id (User details) or by mobile number (Update Services). */
  user: UserServicesRequest;
}

/**
 * One user's services: a switch per service the user's role may hold, on where the user holds
 * it. An admin changes switches, gives a reason and confirms with the PIN; anyone else who
 * sees the user (a distributor its downline) reads the same card without switches to move.
 */
export function UserServicesCard({ user }: UserServicesCardProps) {
  const { t } = useTranslation('services');
  const services = useUserServices(user);
  const { kind, services: own } = useAdminUser();
  const editable = kind !== undefined && canUseMenuItem(kind, 'updateServices', own);
  return (
    <Card className="admin-card services-card" title={t('card.title')} data-testid="user-services">
      {services.isPending && <Skeleton active />}
      {services.isError && <Alert type="error" showIcon title={services.error.message} />}
      {services.isSuccess && (
        <UserServices key={services.data.user.id} answer={services.data} editable={editable} />
      )}
    </Card>
  );
}

function UserServices({ answer, editable }: { answer: UserServicesAnswer; editable: boolean }) {
  const { t } = useTranslation('services');
  const labels = useAdminLabels();
  const { message } = App.useApp();
  const update = useUpdateServices();
  const [wanted, setWanted] = useState<Partial<Record<ServiceKey, boolean>>>({});
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  // The catalogue is libs/domain's table: the services this user's role may hold.
  const rows = useMemo(
    () => SERVICE_CATALOGUE.filter((service) => service.grantableTo.includes(answer.user.kind)),
    [answer.user.kind],
  );
  const holds = (key: ServiceKey) => wanted[key] ?? answer.services.includes(key);
  const changes = Object.entries(wanted)
    .filter(([key, enabled]) => enabled !== answer.services.includes(key as ServiceKey))
    .map(([service, enabled]) => ({ service: service as ServiceKey, enabled: enabled === true }));

  const askPin = () => {
    const checked = checkServiceReason(reason);
    if (!checked.ok) return setRefusal(checked.message);
    setRefusal(undefined);
    setConfirming(true);
  };
  const save = (pin: string) =>
    update.mutate(
      { userId: answer.user.id, changes, reason: reason.trim(), pin },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          setWanted({});
          setReason('');
          void message.success(saved.message);
        },
      },
    );

  return (
    <div className="services-card__body">
      <Typography.Paragraph className="services-card__who">
        <Typography.Text strong>{answer.user.name}</Typography.Text> · {answer.user.mobile} ·{' '}
        {labels.role(answer.user.kind)}
      </Typography.Paragraph>
      {rows.length === 0 && <Typography.Text type="secondary">{t('card.none')}</Typography.Text>}
      <ul className="services-card__list">
        {rows.map((service) => {
          const isDefault = answer.defaults.includes(service.key) === holds(service.key);
          return (
            <li key={service.key} className="services-card__row">
              <div className="services-card__name">
                <span id={`service-${service.key}`}>{serviceName(t, service.key)}</span>
                {service.status === 'later' && <Tag>{serviceStatusLabel(t, 'later')}</Tag>}
                {!isDefault && <Tag color="gold">{t('card.changed')}</Tag>}
                {holds(service.key) && answer.awaitingKyc.includes(service.key) && (
                  <Tag color="orange">{t('card.waitsForKyc')}</Tag>
                )}
              </div>
              <Switch
                aria-labelledby={`service-${service.key}`}
                checked={holds(service.key)}
                disabled={!editable || update.isPending}
                onChange={(checked) => setWanted((now) => ({ ...now, [service.key]: checked }))}
              />
            </li>
          );
        })}
      </ul>
      {editable && (
        <div className="services-card__save">
          <label className="services-card__reason">
            <span>{t('card.reason')}</span>
            <Input
              value={reason}
              maxLength={SERVICE_REASON_MAX_LENGTH}
              placeholder={t('card.reasonPlaceholder')}
              onChange={(event) => {
                setReason(event.target.value);
                setRefusal(undefined);
              }}
            />
          </label>
          {refusal && <Alert type="error" showIcon title={refusal} />}
          <Button type="primary" disabled={changes.length === 0} onClick={askPin}>
            {t('card.save')}
          </Button>
        </div>
      )}
      <PinConfirmModal
        open={confirming}
        title={t('card.confirm.title')}
        okText={t('card.save')}
        loading={update.isPending}
        error={update.isError ? update.error.message : undefined}
        check={checkPin}
        classNames={{ alert: 'services-card__alert', pin: 'services-card__pin' }}
        onConfirm={save}
        onCancel={() => {
          setConfirming(false);
          update.reset();
        }}
      >
        <p>
          {t('card.confirm.body', {
            changes: changes
              .map((change) =>
                change.enabled
                  ? t('card.confirm.switchOn', { service: serviceName(t, change.service) })
                  : t('card.confirm.switchOff', { service: serviceName(t, change.service) }),
              )
              .join('; '),
            name: answer.user.name,
          })}
        </p>
      </PinConfirmModal>
    </div>
  );
}
