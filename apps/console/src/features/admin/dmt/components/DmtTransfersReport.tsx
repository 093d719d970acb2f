import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, App, Button, Card, Radio, Tag } from 'antd';
import { plural } from '@khata/domain';
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
import { dmtStatus, REFUND_STATES } from '../labels';
import { RefundModal } from './RefundModal';
import { useTransferProduct } from '../product';

/** The report's quick filters: everything, or one of the queues that need someone. */
type Queue = 'all' | 'pending' | 'refund' | 'failed' | 'success';

const QUEUES: { value: Queue; label: string; filter: Partial<DmtTransferFilter> }[] = [
  { value: 'all', label: 'All', filter: {} },
  { value: 'pending', label: 'Pending', filter: { status: 'processing' } },
  { value: 'refund', label: 'Refund pending', filter: { status: 'refundPending' } },
  { value: 'failed', label: 'Failed', filter: { status: 'failed' } },
  { value: 'success', label: 'Success', filter: { status: 'processed' } },
];

const PAGE_SIZE = 20;

export interface DmtTransfersReportProps {
  /** The signed-in user sends DMT (its own transfers can be refunded with the customer's OTP). */
  acts: boolean;
  /** An admin: may ask the provider about a pending transfer now. */
  canCheck: boolean;
  /** Another shop's transfers are listed (a distributor's network, an admin's all). */
  showShop: boolean;
}

/** What the provider answered an admin's "check now", in words. */
function checkedMessage(status: string, utr: string | null): string {
  if (status === 'processing') return 'Still pending at the provider: ask again later.';
  if (status === 'processed') return `Success${utr ? `: UTR ${utr}` : ''}.`;
  return `The transfer is now ${dmtStatus(status).label.toLowerCase()}.`;
}

/** How long a transfer has waited, for the pending and refund-pending queues. */
function ageOf(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * Issue 25: the DMT transfers the viewer may see (the shop's own, a distributor's network, all
 * for admins): status, UTR, the refund that waits for the customer, and the age of what waits.
 */
export function DmtTransfersReport({ acts, canCheck, showShop }: DmtTransfersReportProps) {
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
      title: 'Date',
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'customer',
      title: 'Customer',
      render: (row) => `${row.remitter.name} (${maskMobile(row.remitter.mobile)})`,
    },
    {
      key: 'beneficiary',
      title: 'Beneficiary',
      render: (row) => `${row.beneficiary.name}, ${row.beneficiary.account}`,
    },
    ...(showShop
      ? [{ key: 'shop', title: 'Shop', render: (row: DmtTransfer) => row.shop?.name ?? '—' }]
      : []),
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.amount)}</span>,
    },
    {
      key: 'fee',
      title: 'Fee',
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.fee)}</span>,
    },
    { key: 'mode', title: 'Mode', render: (row) => row.mode },
    {
      key: 'status',
      title: 'Status',
      render: (row) => {
        const status = dmtStatus(row.status);
        return (
          <span className="dmt-status">
            <Tag color={status.color} data-testid="dmt-status">
              {status.label}
            </Tag>
            {row.refundState !== 'none' && (
              <Tag color={row.refundState === 'pending' ? 'orange' : 'default'}>
                {REFUND_STATES[row.refundState]}
              </Tag>
            )}
          </span>
        );
      },
    },
    {
      key: 'age',
      title: 'Waiting',
      render: (row) =>
        row.status === 'processing' || row.refundState === 'pending'
          ? ageOf(row.createdAt, now)
          : '—',
      hideOnCard: (row) => row.status !== 'processing' && row.refundState !== 'pending',
    },
    { key: 'utr', title: 'UTR', render: (row) => row.utr ?? '—' },
    {
      key: 'actions',
      title: '',
      cardLabel: null,
      render: (row) => (
        <span className="dmt-actions">
          <Button size="small" onClick={() => setReceipt(row)}>
            Receipt
          </Button>
          {acts && row.refundState === 'pending' && (
            <Button size="small" type="primary" onClick={() => setRefunding(row)}>
              Refund with customer OTP
            </Button>
          )}
          {canCheck && row.status === 'processing' && (
            <Button
              size="small"
              loading={check.isPending && check.variables === row.id}
              onClick={() =>
                check.mutate(row.id, {
                  onSuccess: ({ data }) => void message.info(checkedMessage(data.status, data.utr)),
                  onError: (error) => void message.error(error.message),
                })
              }
            >
              Check now
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <Card
      className="admin-card"
      title={`${noun} transfers`}
      extra={
        hasReport && (
          // Issue 14's engine: dates, search, a shop of the network, totals, CSV and print.
          <Link to={`${AppPath.transactionReport}?type=dmt`}>Report with totals and CSV</Link>
        )
      }
    >
      <Radio.Group
        className="dmt-queues"
        aria-label="Show"
        optionType="button"
        buttonStyle="solid"
        value={queue}
        onChange={(event) => {
          setQueue(event.target.value as Queue);
          setPage(1);
        }}
        options={QUEUES.map(({ value, label }) => ({ value, label }))}
      />
      {transfers.isError && (
        <Alert className="dmt-alert" type="error" showIcon title={transfers.error.message} />
      )}
      <ReportTable<DmtTransfer>
        label={`${noun} transfers`}
        rows={transfers.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={transfers.isFetching}
        emptyText="No transfers found."
        cardTitle={(row) => (
          <>
            <strong>{formatRupees(row.amount)}</strong> to {row.beneficiary.name}
          </>
        )}
        pagination={
          (transfers.data?.total ?? 0) > 0 && {
            current: page,
            pageSize: PAGE_SIZE,
            total: transfers.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => plural(total, 'transfer'),
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
