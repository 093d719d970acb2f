import { useState } from 'react';
import { Alert, App, Button, Card, Select, Tag } from 'antd';
import { AEPS_KIND_LABELS, AEPS_KINDS, maskAadhaar, plural, type AepsKind } from '@khata/domain';
import { AdminPage } from '../../common/AdminPage';
import { formatDateTime } from '../../common/dates';
import { formatRupees } from '../../common/money';
import { ReportTable, type ReportColumn } from '../../common/ReportTable';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { useAdminUser } from '../../session/adminUser';
import {
  useAepsTransactions,
  useCheckAepsTransaction,
  type AepsStatusName,
  type AepsTransaction,
} from '../api';
import { AepsReceiptModal } from '../AepsReceiptModal';
import { aepsStatus } from '../labels';
import { reversalDay } from '../format';
import '../aeps.css';

const PAGE_SIZE = 20;
const STATUS_FILTERS: AepsStatusName[] = ['processing', 'processed', 'failed'];

/** Issue 26: /admin/aepsReport, the AEPS transactions the viewer may see. */
export function AepsReportPage() {
  const { kind } = useAdminUser();
  const intro =
    kind === 'admin'
      ? 'Every shop’s AEPS transactions. Ask the bank about a pending one with Check now.'
      : kind === 'employee2'
        ? 'Your shop’s AEPS transactions, newest first, with their receipts.'
        : 'The AEPS transactions of the shops in your network.';
  return (
    <RequireMenuItem item="aepsReport">
      <AdminPage title="AEPS Report" intro={intro}>
        <AepsReport canCheck={kind === 'admin'} />
      </AdminPage>
    </RequireMenuItem>
  );
}

/** What the provider answered an admin's "Check now", in words. */
function checkedMessage(t: AepsTransaction): string {
  if (t.status === 'processing' || t.status === 'queued') {
    return 'Still pending at the bank: ask again later.';
  }
  if (t.status === 'processed') return `Success${t.rrn ? `: RRN ${t.rrn}` : ''}.`;
  return `Failed: ${t.message ?? 'the bank refused it'}.`;
}

/**
 * The report: a shop its own, a distributor its network, an admin all (the API's scope),
 * filtered by kind and status, 20 a page; a table on a wide screen, cards on a phone. A failed
 * transaction the bank debited shows the day RBI's T+5 reversal is due.
 */
function AepsReport({ canCheck }: { canCheck: boolean }) {
  const { message } = App.useApp();
  const { profile } = useAdminUser();
  const [kind, setKind] = useState<AepsKind>();
  const [status, setStatus] = useState<AepsStatusName>();
  const [page, setPage] = useState(1);
  const [receipt, setReceipt] = useState<AepsTransaction>();
  const check = useCheckAepsTransaction();
  const list = useAepsTransactions({ kind, status, page, pageSize: PAGE_SIZE });

  const columns: ReportColumn<AepsTransaction>[] = [
    { key: 'time', title: 'Time (IST)', render: (row) => formatDateTime(row.createdAt) },
    { key: 'shop', title: 'Shop', render: (row) => row.shop?.name ?? '—' },
    { key: 'kind', title: 'Kind', render: (row) => AEPS_KIND_LABELS[row.kind] ?? row.kind },
    { key: 'aadhaar', title: 'Aadhaar', render: (row) => maskAadhaar(row.aadhaar) },
    { key: 'bank', title: 'Bank', render: (row) => row.bankName },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.amount)}</span>,
    },
    {
      key: 'commission',
      title: 'Commission',
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.commission)}</span>,
    },
    {
      key: 'status',
      title: 'Status',
      render: (row) => {
        const shown = aepsStatus(row.status);
        return (
          <Tag color={shown.color} data-testid="aeps-status">
            {shown.label}
          </Tag>
        );
      },
    },
    { key: 'rrn', title: 'RRN', render: (row) => row.rrn ?? '—' },
    {
      key: 'due',
      title: 'T+5 due',
      render: (row) => (row.bankDebited ? (reversalDay(row.reversalDueBy) ?? '—') : '—'),
      hideOnCard: (row) => !row.bankDebited,
    },
    {
      key: 'actions',
      title: '',
      cardLabel: null,
      render: (row) => (
        <span className="aeps-actions">
          <Button size="small" onClick={() => setReceipt(row)}>
            Receipt
          </Button>
          {canCheck && row.status === 'processing' && (
            <Button
              size="small"
              loading={check.isPending && check.variables === row.id}
              onClick={() =>
                check.mutate(row.id, {
                  onSuccess: ({ data }) => void message.info(checkedMessage(data)),
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
    <Card className="admin-card" title="AEPS transactions">
      <div className="aeps-filters">
        <Select<AepsKind>
          allowClear
          aria-label="Kind"
          placeholder="All kinds"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={AEPS_KINDS.map((each) => ({ value: each, label: AEPS_KIND_LABELS[each] }))}
        />
        <Select<AepsStatusName>
          allowClear
          aria-label="Status"
          placeholder="All statuses"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={STATUS_FILTERS.map((each) => ({ value: each, label: aepsStatus(each).label }))}
        />
      </div>
      {list.isError && (
        <Alert className="aeps-alert" type="error" showIcon title={list.error.message} />
      )}
      <ReportTable<AepsTransaction>
        label="AEPS transactions"
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={list.isFetching}
        emptyText="No AEPS transactions found."
        cardTitle={(row) => (
          <>
            <strong>{AEPS_KIND_LABELS[row.kind]}</strong>
            {row.amount > 0 && <> {formatRupees(row.amount)}</>} · {row.shop?.name}
          </>
        )}
        pagination={
          (list.data?.total ?? 0) > 0 && {
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => plural(total, 'transaction'),
          }
        }
      />
      <AepsReceiptModal
        transaction={receipt}
        // Another shop's receipt is headed with its name; the shop's own with its profile.
        shop={
          receipt && receipt.shop.id !== profile._id
            ? { name: receipt.shop.name ?? 'Shop', phone: null }
            : undefined
        }
        onClose={() => setReceipt(undefined)}
      />
    </Card>
  );
}
