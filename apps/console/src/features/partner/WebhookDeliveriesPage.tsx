import { Card, Typography } from 'antd';
import { usePageTitle } from '../../ui/usePageTitle';
import { ownDeliveries } from './api';
import { WebhookDeliveries } from './WebhookDeliveries';
import './partner.css';

/** /partner/webhookDeliveries: each payout event sent to the partner's webhook, and its tries. */
export function WebhookDeliveriesPage() {
  usePageTitle('Webhook deliveries');
  return (
    <div className="partner-dashboard">
      <h1 className="partner-dashboard__title">Webhook deliveries</h1>
      <Card className="partner-card">
        <Typography.Paragraph type="secondary">
          Each status a payout reaches is posted to your webhook. Any 2xx answer within 10 seconds
          counts as delivered; anything else is tried again with growing waits, 10 times in all. A
          failed event can be sent again: the same event, with the same id.
        </Typography.Paragraph>
        <WebhookDeliveries source={ownDeliveries} />
      </Card>
    </div>
  );
}
