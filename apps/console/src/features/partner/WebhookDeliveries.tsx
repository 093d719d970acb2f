import { useState } from 'react';
import { Alert, Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { canRedeliver, type WebhookDeliverySummary } from '@khata/domain';
import { useDeliveryPage, useRedeliver, type DeliverySource } from './api';
import { whenExact } from './format';
import './partner.css';

const STATUS_COLOURS: Record<WebhookDeliverySummary['status'], string> = {
  pending: 'gold',
  delivered: 'green',
  failed: 'red',
};

const PAGE_SIZE = 20;

/**
 * Webhook events, newest first, paged by the server: what was sent, what the partner's server
 * answered, how often, and when the next try is due; a failed one can be sent again as it was.
 * The partner's own screen and the admin's view of a partner show this same table.
 */
export function WebhookDeliveries({ source }: { source: DeliverySource }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveryPage(source, page, PAGE_SIZE);
  const redeliver = useRedeliver(source);

  const columns: TableColumnsType<WebhookDeliverySummary> = [
    {
      title: 'Event',
      key: 'event',
      render: (_, row) => (
        <div className="partner-delivery__event">
          <Tag color={STATUS_COLOURS[row.status]} data-testid="delivery-status">
            {row.status}
          </Tag>
          <Typography.Text code copyable={{ text: row.eventId }} className="partner-delivery__id">
            {row.eventId}
          </Typography.Text>
          <Typography.Text type="secondary">{row.eventType}</Typography.Text>
        </div>
      ),
    },
    {
      title: 'Payout order ID',
      dataIndex: 'orderId',
      render: (orderId: string | null) => orderId ?? '—',
    },
    { title: 'Time (IST)', dataIndex: 'createdAt', render: (at: string) => whenExact(at) },
    {
      title: 'HTTP status',
      dataIndex: 'lastStatus',
      render: (status: number | null) => status ?? '—',
    },
    { title: 'Tries', dataIndex: 'attempts' },
    {
      title: 'Next retry',
      key: 'next',
      render: (_, row) => (row.status === 'pending' ? whenExact(row.nextAttemptAt) : '—'),
    },
    {
      title: 'Last error',
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
            Redeliver
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      {deliveries.isError && <Alert type="error" showIcon title={deliveries.error.message} />}
      {redeliver.isError && <Alert type="error" showIcon title={redeliver.error.message} />}
      <Table<WebhookDeliverySummary>
        className="partner-deliveries"
        rowKey="eventId"
        size="small"
        loading={deliveries.isFetching && !deliveries.data}
        columns={columns}
        dataSource={deliveries.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'delivery-row' }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: 'No webhook events yet.' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: deliveries.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </>
  );
}
