import { Card, List, Tag, Typography } from 'antd';
import type { TransactionRecord } from '@khata/domain';
import { useRecentPayouts } from './api';
import { rupees, when } from './format';

const STATUS_COLOURS: Record<string, string> = {
  queued: 'blue',
  processing: 'gold',
  processed: 'green',
  failed: 'red',
  reversed: 'volcano',
};

/** The latest payouts, from the console or the partner's own systems alike. */
export function RecentPayouts() {
  const payouts = useRecentPayouts();
  return (
    <Card className="partner-card" title="Recent payouts">
      <List<TransactionRecord>
        loading={payouts.isPending}
        dataSource={payouts.data?.data ?? []}
        locale={{ emptyText: payouts.isError ? payouts.error.message : 'No payouts yet.' }}
        renderItem={(record) => {
          const details = record.payload?.data ?? {};
          return (
            <List.Item data-testid="partner-payout">
              <div className="partner-payout">
                <div className="partner-payout__head">
                  <strong>{String(details.beneficiaryName ?? 'Payout')}</strong>
                  <span className="partner-payout__amount">{rupees(record.amount?.amount)}</span>
                </div>
                <div className="partner-payout__meta">
                  <Tag color={STATUS_COLOURS[record.status]}>{record.status}</Tag>
                  <Typography.Text type="secondary">
                    {String(details.beneficiaryAccountNumber ?? '')} · {record.payload?.orderID} ·{' '}
                    {when(record.createdAt)}
                  </Typography.Text>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
