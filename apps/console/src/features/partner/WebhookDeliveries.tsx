import { useState } from 'react';
import { Alert, Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { canRedeliver, type WebhookDeliverySummary } from '@khata/domain';
import { useDeliveryPage, useRedeliver, type DeliverySource } from './api';
import { whenExact } from './format';
import './partner.css';
import { ScrollRegion } from '../../ui/ScrollRegion';

const STATUS_COLOURS: Record<WebhookDeliverySummary['status'], string> = {
  pending: 'gold',
  delivered: 'green',
  failed: 'red',
};

const STATUS_WORDS = {
  pending: 'deliveries.status.pending',
  delivered: 'deliveries.status.delivered',
  failed: 'deliveries.status.failed',
} as const satisfies Record<WebhookDeliverySummary['status'], string>;

const PAGE_SIZE = 20;

/**
 * Webhook events, newest first, paged by the server: what was sent, what the partner's server
 * answered, how often, and when the next try is due; a failed one can be sent again as it was.
 * The partner's own screen and the admin's view of a partner show this same table.
 */
export function WebhookDeliveries({ source }: { source: DeliverySource }) {
  const { t } = useTranslation('partner');
  const [page, setPage] = useState(1);
  const deliveries = useDeliveryPage(source, page, PAGE_SIZE);
  const redeliver = useRedeliver(source);

  const columns: TableColumnsType<WebhookDeliverySummary> = [
    {
      title: t('deliveries.columns.event'),
      key: 'event',
      render: (_, row) => (
        <div className="partner-delivery__event">
          <Tag color={STATUS_COLOURS[row.status]} data-testid="delivery-status">
            {t(STATUS_WORDS[row.status])}
          </Tag>
          <Typography.Text code copyable={{ text: row.eventId }} className="partner-delivery__id">
            {row.eventId}
          </Typography.Text>
          <Typography.Text type="secondary">{row.eventType}</Typography.Text>
        </div>
      ),
    },
    {
      title: t('deliveries.columns.orderId'),
      dataIndex: 'orderId',
      render: (orderId: string | null) => orderId ?? '—',
    },
    {
      title: t('deliveries.columns.time'),
      dataIndex: 'createdAt',
      render: (at: string) => whenExact(at),
    },
    {
      title: t('deliveries.columns.httpStatus'),
      dataIndex: 'lastStatus',
      render: (status: number | null) => status ?? '—',
    },
    { title: t('deliveries.columns.tries'), dataIndex: 'attempts' },
    {
      title: t('deliveries.columns.nextRetry'),
      key: 'next',
      render: (_, row) => (row.status === 'pending' ? whenExact(row.nextAttemptAt) : '—'),
    },
    {
      title: t('deliveries.columns.lastError'),
      dataIndex: 'lastError',
      render: (error: string | null) =>
        error ? <span className="partner-delivery__error">{error}</span> : '—',
    },
    {
      title: '',
      key: 'action',
      render: (_, row) =>
        canRedeliver(row.status) ? (
          <Button
            size="small"
            loading={redeliver.isPending && redeliver.variables === row.eventId}
            onClick={() => redeliver.mutate(row.eventId)}
          >
            {t('deliveries.redeliver')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      {deliveries.isError && <Alert type="error" showIcon title={deliveries.error.message} />}
      {redeliver.isError && <Alert type="error" showIcon title={redeliver.error.message} />}
      <ScrollRegion>
        <Table<WebhookDeliverySummary>
          className="partner-deliveries"
          rowKey="eventId"
          size="small"
          loading={deliveries.isFetching && !deliveries.data}
          columns={columns}
          dataSource={deliveries.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          onRow={() => ({ 'data-testid': 'delivery-row' }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: t('deliveries.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: deliveries.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      </ScrollRegion>
    </>
  );
}
