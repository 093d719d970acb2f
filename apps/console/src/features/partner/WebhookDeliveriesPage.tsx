import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';
import { ownDeliveries } from './api';
import { WebhookDeliveries } from './WebhookDeliveries';
import './partner.css';

/** /partner/webhookDeliveries: each payout event sent to the partner's webhook, and its tries. */
export function WebhookDeliveriesPage() {
  const { t } = useTranslation('partner');
  usePageTitle(t('deliveries.title'));
  return (
    <div className="partner-dashboard">
      <h1 className="partner-dashboard__title">{t('deliveries.title')}</h1>
      <Card className="partner-card">
        <Typography.Paragraph type="secondary">{t('deliveries.intro')}</Typography.Paragraph>
        <WebhookDeliveries source={ownDeliveries} />
      </Card>
    </div>
  );
}
