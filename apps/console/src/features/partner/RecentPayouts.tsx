import { useState } from 'react';
import { Button, Card, List, Tag, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import type { TransactionRecord } from '@khata/domain';
import { ReceiptModal } from '../admin';
import { usePayoutPage } from './api';
import { rupees, when } from './format';

const STATUS_COLOURS: Record<string, string> = {
  queued: 'blue',
  processing: 'gold',
  processed: 'green',
  failed: 'red',
  reversed: 'volcano',
};

const STATUS_WORDS = {
  queued: 'payouts.status.queued',
  processing: 'payouts.status.processing',
  processed: 'payouts.status.processed',
  failed: 'payouts.status.failed',
  reversed: 'payouts.status.reversed',
} as const;

const isKnownStatus = (status: string): status is keyof typeof STATUS_WORDS =>
  Object.hasOwn(STATUS_WORDS, status);

const PAGE_SIZE = 10;

/**
 * Its payouts, from the console or the partner's own systems alike, paged by the server: each
 * with its status, fee, the bank's UTR once there is one, and the portal's receipt.
 */
export function RecentPayouts() {
  const { t } = useTranslation('partner');
  const [page, setPage] = useState(1);
  const payouts = usePayoutPage(page, PAGE_SIZE);
  const [receipt, setReceipt] = useState<TransactionRecord>();
  return (
    <Card className="partner-card partner-card--wide" title={t('payouts.title')}>
      <List<TransactionRecord>
        loading={payouts.isPending}
        dataSource={payouts.data?.data ?? []}
        locale={{ emptyText: payouts.isError ? payouts.error.message : t('payouts.empty') }}
        pagination={
          (payouts.data?.total ?? 0) > PAGE_SIZE && {
            current: page,
            pageSize: PAGE_SIZE,
            total: payouts.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            size: 'small',
          }
        }
        renderItem={(record) => {
          const details = record.payload?.data ?? {};
          return (
            <List.Item data-testid="partner-payout">
              <div className="partner-payout">
                <div className="partner-payout__head">
                  <strong>{String(details.beneficiaryName ?? t('payouts.unnamed'))}</strong>
                  <span className="partner-payout__amount">{rupees(record.amount?.amount)}</span>
                </div>
                <div className="partner-payout__meta">
                  <Tag color={STATUS_COLOURS[record.status]} data-testid="partner-payout-status">
                    {isKnownStatus(record.status) ? t(STATUS_WORDS[record.status]) : record.status}
                  </Tag>
                  <Typography.Text type="secondary">
                    {String(details.beneficiaryAccountNumber ?? '')} · {record.payload?.orderID} ·{' '}
                    {when(record.createdAt)}
                  </Typography.Text>
                </div>
                <div className="partner-payout__meta">
                  <span data-testid="partner-payout-fee">
                    {t('payouts.fee', { amount: rupees(record.fee) })}
                  </span>
                  <span aria-hidden="true">·</span>
                  <span data-testid="partner-payout-utr">
                    {record.externalRef ? (
                      t('payouts.utr', { utr: record.externalRef })
                    ) : (
                      <Trans
                        t={t}
                        i18nKey="payouts.utrNotYet"
                        components={{ muted: <Typography.Text type="secondary" /> }}
                      />
                    )}
                  </span>
                  <Button
                    size="small"
                    className="partner-payout__receipt"
                    onClick={() => setReceipt(record)}
                  >
                    {t('payouts.receipt')}
                  </Button>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
      <ReceiptModal id={receipt?._id} known={receipt} onClose={() => setReceipt(undefined)} />
    </Card>
  );
}
