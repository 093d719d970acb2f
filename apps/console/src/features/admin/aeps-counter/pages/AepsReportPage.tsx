import { useState } from 'react';
import { Alert, App, Button, Card, Select, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AEPS_KINDS, maskAadhaar, type AepsKind } from '@khata/domain';
import { formatCount } from '../../../../i18n/format';
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
import { useAepsKind, useAepsStatus } from '../labels';
import { reversalDayShown } from '../reversal';
import '../aeps.css';

const PAGE_SIZE = 20;
const STATUS_FILTERS: AepsStatusName[] = ['processing', 'processed', 'failed'];

/** Issue 26: /admin/aepsReport, the AEPS transactions the viewer may see. */
export function AepsReportPage() {
  const { t } = useTranslation('aeps-counter');
  const { kind } = useAdminUser();
  const intro =
    kind === 'admin'
      ? t('report.intro.admin')
      : kind === 'employee2'
        ? t('report.intro.shop')
        : t('report.intro.network');
  return (
    <RequireMenuItem item="aepsReport">
      <AdminPage title={t('report.pageTitle')} intro={intro}>
        <AepsReport canCheck={kind === 'admin'} />
      </AdminPage>
    </RequireMenuItem>
  );
}

/** What the provider answered an admin's "Check now", in words. */
function checkedMessage(say: TFunction<'aeps-counter'>, t: AepsTransaction): string {
  if (t.status === 'processing' || t.status === 'queued') {
    return say('report.checked.pending');
  }
  if (t.status === 'processed') {
    return t.rrn ? say('report.checked.successRrn', { rrn: t.rrn }) : say('report.checked.success');
  }
  return say('report.checked.failed', { reason: t.message ?? say('report.checked.refused') });
}

/**
 * The report: a shop its own, a distributor its network, an admin all (the API's scope),
 * filtered by kind and status, 20 a page; a table on a wide screen, cards on a phone. A failed
 * transaction the bank debited shows the day RBI's T+5 reversal is due.
 */
function AepsReport({ canCheck }: { canCheck: boolean }) {
  const { t } = useTranslation('aeps-counter');
  const aepsStatus = useAepsStatus();
  const kindLabel = useAepsKind();
  const { message } = App.useApp();
  const { profile } = useAdminUser();
  const [kind, setKind] = useState<AepsKind>();
  const [status, setStatus] = useState<AepsStatusName>();
  const [page, setPage] = useState(1);
  const [receipt, setReceipt] = useState<AepsTransaction>();
  const check = useCheckAepsTransaction();
  const list = useAepsTransactions({ kind, status, page, pageSize: PAGE_SIZE });

  const columns: ReportColumn<AepsTransaction>[] = [
    {
      key: 'time',
      title: t('report.columns.time'),
      render: (row) => formatDateTime(row.createdAt),
    },
    { key: 'shop', title: t('report.columns.shop'), render: (row) => row.shop?.name ?? '—' },
    { key: 'kind', title: t('report.columns.kind'), render: (row) => kindLabel(row.kind) },
    {
      key: 'aadhaar',
      title: t('report.columns.aadhaar'),
      render: (row) => maskAadhaar(row.aadhaar),
    },
    { key: 'bank', title: t('report.columns.bank'), render: (row) => row.bankName },
    {
      key: 'amount',
      title: t('report.columns.amount'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.amount)}</span>,
    },
    {
      key: 'commission',
      title: t('report.columns.commission'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.commission)}</span>,
    },
    {
      key: 'status',
      title: t('report.columns.status'),
      render: (row) => {
        const shown = aepsStatus(row.status);
        return (
          <Tag color={shown.color} data-testid="aeps-status">
            {shown.label}
          </Tag>
        );
      },
    },
    { key: 'rrn', title: t('report.columns.rrn'), render: (row) => row.rrn ?? '—' },
    {
      key: 'due',
      title: t('report.columns.due'),
      render: (row) => (row.bankDebited ? (reversalDayShown(row.reversalDueBy) ?? '—') : '—'),
      hideOnCard: (row) => !row.bankDebited,
    },
    {
      key: 'actions',
      title: '',
      cardLabel: null,
      render: (row) => (
        <span className="aeps-actions">
          <Button size="small" onClick={() => setReceipt(row)}>
            {t('report.receipt')}
          </Button>
          {canCheck && row.status === 'processing' && (
            <Button
              size="small"
              loading={check.isPending && check.variables === row.id}
              onClick={() =>
                check.mutate(row.id, {
                  onSuccess: ({ data }) => void message.info(checkedMessage(t, data)),
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
    <Card className="admin-card" title={t('report.title')}>
      <div className="aeps-filters">
        <Select<AepsKind>
          allowClear
          aria-label={t('report.filters.kind')}
          placeholder={t('report.filters.allKinds')}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={AEPS_KINDS.map((each) => ({ value: each, label: kindLabel(each) }))}
        />
        <Select<AepsStatusName>
          allowClear
          aria-label={t('report.filters.status')}
          placeholder={t('report.filters.allStatuses')}
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
        label={t('report.title')}
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={list.isFetching}
        emptyText={t('report.empty')}
        cardTitle={(row) => (
          <>
            <strong>{kindLabel(row.kind)}</strong>
            {row.amount > 0 && <> {formatRupees(row.amount)}</>} · {row.shop?.name}
          </>
        )}
        pagination={
          (list.data?.total ?? 0) > 0 && {
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => t('report.total', { count: total, total: formatCount(total) }),
          }
        }
      />
      <AepsReceiptModal
        transaction={receipt}
        // Another shop's receipt is headed with its name; the shop's own with its profile.
        shop={
          receipt && receipt.shop.id !== profile._id
            ? { name: receipt.shop.name ?? t('report.shop'), phone: null }
            : undefined
        }
        onClose={() => setReceipt(undefined)}
      />
    </Card>
  );
}
