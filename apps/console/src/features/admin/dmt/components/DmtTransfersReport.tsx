import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, App, Button, Card, Radio, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { DmtRefundState } from '@khata/domain';
import { Trans, useTranslation } from 'react-i18next';
import { formatCount } from '../../../../i18n/format';
import { AppPath } from '../../../../app/paths';
import { useAdminUser } from '../../session/adminUser';
import { formatDateTime } from '../../common/dates';
import { formatRupees } from '../../common/money';
import { ReportTable, type ReportColumn } from '../../common/ReportTable';
import { maskMobile } from '../../remitters/labels';
import { ReceiptModal } from '../../transactions/ReceiptModal';
import {
  useCheckTransfer,
  useDmtTransfers,
  type DmtTransfer,
  type DmtTransferFilter,
} from '../api';
import { useDmtStatus } from '../labels';
import { RefundModal } from './RefundModal';
import { useTransferProduct } from '../product';

/** The report's quick filters: everything, or one of the queues that need someone. */
type Queue = 'all' | 'pending' | 'refund' | 'failed' | 'success';

const QUEUES: { value: Queue; filter: Partial<DmtTransferFilter> }[] = [
  { value: 'all', filter: {} },
  { value: 'pending', filter: { status: 'processing' } },
  { value: 'refund', filter: { status: 'refundPending' } },
  { value: 'failed', filter: { status: 'failed' } },
  { value: 'success', filter: { status: 'processed' } },
];

const QUEUE_KEYS = {
  all: 'report.queues.all',
  pending: 'report.queues.pending',
  refund: 'report.queues.refund',
  failed: 'report.queues.failed',
  success: 'report.queues.success',
} as const satisfies Record<Queue, string>;

/** A refund's state beside the status (`none` shows nothing). */
const REFUND_STATE_KEYS = {
  pending: 'refundState.pending',
  refunded: 'refundState.refunded',
} as const satisfies Record<Exclude<DmtRefundState, 'none'>, string>;

const PAGE_SIZE = 20;

export interface DmtTransfersReportProps {
  /** The signed-in user sends DMT (its own transfers can be refunded with the customer's OTP). */
  acts: boolean;
  /** An admin: may ask the provider about a pending transfer now. */
  canCheck: boolean;
  /** Another shop's transfers are listed (a distributor's network, an admin's all). */
  showShop: boolean;
}

/** What the provider answered an admin's "check now", in words (`label`: the status's). */
function checkedMessage(
  t: TFunction<'dmt'>,
  status: string,
  utr: string | null,
  label: string,
): string {
  if (status === 'processing') return t('report.checked.pending');
  if (status === 'processed') {
    return utr ? t('report.checked.successUtr', { utr }) : t('report.checked.success');
  }
  return t('report.checked.now', { status: label.toLowerCase() });
}

/** How long a transfer has waited, for the pending and refund-pending queues. */
function ageOf(t: TFunction<'dmt'>, createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return t('report.age.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('report.age.hours', { hours, minutes: minutes % 60 });
  return t('report.age.days', { days: Math.floor(hours / 24) });
}

/**
 * Issue 25: the DMT transfers the viewer may see (the shop's own, a distributor's network, all
 * for admins): status, UTR, the refund that waits for the customer, and the age of what waits.
 */
export function DmtTransfersReport({ acts, canCheck, showShop }: DmtTransfersReportProps) {
  const { t } = useTranslation('dmt');
  const dmtStatus = useDmtStatus();
  const { message } = App.useApp();
  const [queue, setQueue] = useState<Queue>('all');
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<DmtTransfer>();
  const [receipt, setReceipt] = useState<DmtTransfer>();
  const check = useCheckTransfer();
  const noun = useTransferProduct().product.toUpperCase();
  const filter: DmtTransferFilter = {
    ...QUEUES.find((entry) => entry.value === queue)!.filter,
    page,
    pageSize: PAGE_SIZE,
  };
  const transfers = useDmtTransfers(filter);
  // Ages as of the list's last reading (it is read again every 10 s while one is in flight).
  const now = transfers.dataUpdatedAt;
  const { menu } = useAdminUser();
  const hasReport = menu.some((item) => item.key === 'transactionReport');

  const columns: ReportColumn<DmtTransfer>[] = [
    {
      key: 'date',
      title: t('report.columns.date'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'customer',
      title: t('report.columns.customer'),
      render: (row) => `${row.remitter.name} (${maskMobile(row.remitter.mobile)})`,
    },
    {
      key: 'beneficiary',
      title: t('report.columns.beneficiary'),
      render: (row) => `${row.beneficiary.name}, ${row.beneficiary.account}`,
    },
    ...(showShop
      ? [
          {
            key: 'shop',
            title: t('report.columns.shop'),
            render: (row: DmtTransfer) => row.shop?.name ?? '—',
          },
        ]
      : []),
    {
      key: 'amount',
      title: t('report.columns.amount'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.amount)}</span>,
    },
    {
      key: 'fee',
      title: t('report.columns.fee'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.fee)}</span>,
    },
    { key: 'mode', title: t('report.columns.mode'), render: (row) => row.mode },
    {
      key: 'status',
      title: t('report.columns.status'),
      render: (row) => {
        const status = dmtStatus(row.status);
        return (
          <span className="dmt-status">
            <Tag color={status.color} data-testid="dmt-status">
              {status.label}
            </Tag>
            {row.refundState !== 'none' && (
              <Tag color={row.refundState === 'pending' ? 'orange' : 'default'}>
                {t(REFUND_STATE_KEYS[row.refundState])}
              </Tag>
            )}
          </span>
        );
      },
    },
    {
      key: 'age',
      title: t('report.columns.waiting'),
      render: (row) =>
        row.status === 'processing' || row.refundState === 'pending'
          ? ageOf(t, row.createdAt, now)
          : '—',
      hideOnCard: (row) => row.status !== 'processing' && row.refundState !== 'pending',
    },
    { key: 'utr', title: t('report.columns.utr'), render: (row) => row.utr ?? '—' },
    {
      key: 'actions',
      title: '',
      cardLabel: null,
      render: (row) => (
        <span className="dmt-actions">
          <Button size="small" onClick={() => setReceipt(row)}>
            {t('report.receipt')}
          </Button>
          {acts && row.refundState === 'pending' && (
            <Button size="small" type="primary" onClick={() => setRefunding(row)}>
              {t('report.refund')}
            </Button>
          )}
          {canCheck && row.status === 'processing' && (
            <Button
              size="small"
              loading={check.isPending && check.variables === row.id}
              onClick={() =>
                check.mutate(row.id, {
                  onSuccess: ({ data }) =>
                    void message.info(
                      checkedMessage(t, data.status, data.utr, dmtStatus(data.status).label),
                    ),
                  onError: (error) => void message.error(error.message),
                })
              }
            >
              {t('report.checkNow')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <Card
      className="admin-card"
      title={t('report.title', { product: noun })}
      extra={
        hasReport && (
          // Issue 14's engine: dates, search, a shop of the network, totals, CSV and print.
          <Link to={`${AppPath.transactionReport}?type=dmt`}>{t('report.fullReport')}</Link>
        )
      }
    >
      <Radio.Group
        className="dmt-queues"
        aria-label={t('report.show')}
        optionType="button"
        buttonStyle="solid"
        value={queue}
        onChange={(event) => {
          setQueue(event.target.value as Queue);
          setPage(1);
        }}
        options={QUEUES.map(({ value }) => ({ value, label: t(QUEUE_KEYS[value]) }))}
      />
      {transfers.isError && (
        <Alert className="dmt-alert" type="error" showIcon title={transfers.error.message} />
      )}
      <ReportTable<DmtTransfer>
        label={t('report.title', { product: noun })}
        rows={transfers.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={transfers.isFetching}
        emptyText={t('report.empty')}
        cardTitle={(row) => (
          <Trans
            t={t}
            i18nKey="report.cardTitle"
            values={{ amount: formatRupees(row.amount), name: row.beneficiary.name }}
            components={{ strong: <strong /> }}
          />
        )}
        pagination={
          (transfers.data?.total ?? 0) > 0 && {
            current: page,
            pageSize: PAGE_SIZE,
            total: transfers.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => t('report.total', { count: total, total: formatCount(total) }),
          }
        }
      />
      <RefundModal transfer={refunding} onClose={() => setRefunding(undefined)} />
      <ReceiptModal
        id={receipt?.id}
        ownerId={receipt?.shop?.id}
        onClose={() => setReceipt(undefined)}
      />
    </Card>
  );
}
