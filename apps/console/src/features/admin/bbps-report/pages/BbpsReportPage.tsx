import { useState } from 'react';
import { Alert, Button, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BBPS_PAYMENT_STATUSES, isDistributor, type BbpsPaymentStatus } from '@khata/domain';
import { formatCount } from '../../../../i18n/format';
import { formatDateTime } from '../../common/dates';
import { formatRupees } from '../../common/money';
import { DateRangeFields, ReportPage } from '../../common/ReportPage';
import { ReportTable, type ReportColumn } from '../../common/ReportTable';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { useUrlFilter } from '../../common/useUrlFilter';
import { useAdminUser } from '../../session/adminUser';
import {
  downloadBbpsReportCsv,
  useBbpsBillers,
  useBbpsCategories,
  useBbpsReport,
  type BbpsReportFilter,
  type BbpsReportRow,
  type BbpsReportTotals,
} from '../api';
import { BbpsReceiptModal } from '../../bbps';
import '../bbps-report.css';

/** How the report says a payment's state, and its tag's colour. */
const STATUS_KEYS = {
  queued: 'status.pending',
  processing: 'status.pending',
  processed: 'status.success',
  failed: 'status.failed',
} as const satisfies Record<BbpsPaymentStatus, string>;
const STATUS_COLOURS: Record<BbpsPaymentStatus, string> = {
  queued: 'gold',
  processing: 'gold',
  processed: 'green',
  failed: 'red',
};
/** `queued` is a moment before the send: the filter offers the three states a shop knows. */
const STATUS_FILTERS = BBPS_PAYMENT_STATUSES.filter((status) => status !== 'queued');

/**
 * Issue 27: `/admin/eBillReport`, the bill payments the viewer may see (a shop its own, a
 * distributor its network, an admin all): filters in the address, the totals of the whole
 * filtered set, server paging, a CSV of every filtered row; a table on a wide screen, cards on
 * a phone.
 */
export function BbpsReportPage() {
  const { t } = useTranslation('bbps-report');
  const { kind } = useAdminUser();
  // A row's receipt: the payment screens' modal, read again from the API when opened.
  const [receipt, setReceipt] = useState<BbpsReportRow>();
  const seesShops = kind !== undefined && (kind === 'admin' || isDistributor(kind));
  const [filter, setFilter] = useUrlFilter<BbpsReportFilter>((params) => ({
    from: params.text('from'),
    to: params.text('to'),
    status: params.pick('status', BBPS_PAYMENT_STATUSES),
    category: params.text('category'),
    billerId: params.text('billerId'),
    page: params.positive('page', 1),
    pageSize: params.positive('pageSize', 20, 100),
  }));
  const report = useBbpsReport(filter);
  const categories = useBbpsCategories();
  const billers = useBbpsBillers(filter.category);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();
  const answer = report.data;

  const download = async () => {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadBbpsReportCsv(filter);
    } catch (error) {
      setDownloadError((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const columns: ReportColumn<BbpsReportRow>[] = [
    { key: 'time', title: t('column.time'), render: (row) => formatDateTime(row.createdAt) },
    ...(seesShops
      ? [
          {
            key: 'shop',
            title: t('column.shop'),
            render: (row: BbpsReportRow) => row.shop.name ?? '—',
            // The phone card's headline names the shop already.
            hideOnCard: true,
          },
        ]
      : []),
    {
      key: 'biller',
      title: t('column.biller'),
      render: (row) => row.billerName ?? row.billerId,
      hideOnCard: true,
    },
    {
      key: 'category',
      title: t('column.category'),
      render: (row) => row.categoryName ?? row.categoryCode,
    },
    {
      key: 'customer',
      title: t('column.customer'),
      render: (row) => row.params.map((param) => `${param.name}: ${param.value}`).join(' · '),
    },
    {
      key: 'amount',
      title: t('column.amount'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.amount)}</span>,
    },
    {
      key: 'ccf',
      title: t('column.ccf'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.ccf)}</span>,
    },
    {
      key: 'commission',
      title: t('column.commission'),
      align: 'right',
      render: (row) =>
        row.commission === null ? (
          '—'
        ) : (
          <span className="admin-amount">{formatRupees(row.commission)}</span>
        ),
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (row) => (
        <Tag color={STATUS_COLOURS[row.status]} data-testid="bbps-status">
          {t(STATUS_KEYS[row.status])}
        </Tag>
      ),
    },
    {
      key: 'reference',
      title: t('column.bbpsReference'),
      render: (row) => row.bbpsReference ?? '—',
    },
    {
      key: 'actions',
      title: '',
      cardLabel: null,
      render: (row: BbpsReportRow) => (
        <Button size="small" onClick={() => setReceipt(row)}>
          {t('receipt')}
        </Button>
      ),
    },
  ];

  return (
    <RequireMenuItem item="eBillReport">
      <ReportPage
        title={t('title')}
        intro={seesShops ? t('intro.network') : t('intro.own')}
        report={report}
        actions={
          <Button onClick={() => void download()} loading={downloading}>
            {t('download')}
          </Button>
        }
        filtersLabel={t('filters.label')}
        activeFilters={
          [filter.from, filter.to, filter.status, filter.category, filter.billerId].filter(Boolean)
            .length
        }
        filters={
          <>
            <DateRangeFields idPrefix="bbps-report" filter={filter} onChange={setFilter} />
            <Form.Item label={t('filters.status')} htmlFor="bbps-report-status">
              <Select<BbpsPaymentStatus>
                id="bbps-report-status"
                allowClear
                placeholder={t('filters.allStatuses')}
                value={filter.status}
                options={STATUS_FILTERS.map((value) => ({ value, label: t(STATUS_KEYS[value]) }))}
                onChange={(status) => setFilter({ status, page: 1 })}
              />
            </Form.Item>
            <Form.Item label={t('filters.category')} htmlFor="bbps-report-category">
              <Select<string>
                id="bbps-report-category"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('filters.allCategories')}
                value={filter.category}
                loading={categories.isLoading}
                options={(categories.data?.data ?? []).map((one) => ({
                  value: one.code,
                  label: one.name,
                }))}
                onChange={(category) => setFilter({ category, billerId: undefined, page: 1 })}
              />
            </Form.Item>
            <Form.Item label={t('filters.biller')} htmlFor="bbps-report-biller">
              <Select<string>
                id="bbps-report-biller"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!filter.category}
                placeholder={filter.category ? t('filters.allBillers') : t('filters.categoryFirst')}
                value={filter.billerId}
                loading={billers.isLoading}
                options={(billers.data?.data ?? []).map((one) => ({
                  value: one.id,
                  label: one.name,
                }))}
                onChange={(billerId) => setFilter({ billerId, page: 1 })}
              />
            </Form.Item>
          </>
        }
      >
        {(report.isError || downloadError) && (
          <Alert
            className="admin-report__error"
            type="error"
            showIcon
            title={downloadError ?? report.error?.message}
          />
        )}
        {answer && <Totals totals={answer.totals} />}
        <ReportTable<BbpsReportRow>
          label={t('table.label')}
          rows={answer?.data ?? []}
          rowKey={(row) => row.id}
          columns={columns}
          loading={report.isFetching}
          emptyText={t('table.empty')}
          cardTitle={(row) => (
            <>
              <strong>{row.billerName ?? row.billerId}</strong> {formatRupees(row.amount)}
              {seesShops && row.shop.name && <> · {row.shop.name}</>}
            </>
          )}
          pagination={
            (answer?.total ?? 0) > 0 && {
              current: filter.page,
              pageSize: filter.pageSize,
              total: answer?.total ?? 0,
              showSizeChanger: true,
              onChange: (page, pageSize) => setFilter({ page, pageSize }),
              showTotal: (total) => t('table.total', { count: total, total: formatCount(total) }),
            }
          }
        />
      </ReportPage>
      <BbpsReceiptModal payment={receipt} onClose={() => setReceipt(undefined)} />
    </RequireMenuItem>
  );
}

/** The totals of the whole filtered set: the bills paid, their amount, CCF and commission. */
function Totals({ totals }: { totals: BbpsReportTotals }) {
  const { t } = useTranslation('bbps-report');
  return (
    <dl className="bbps-report__totals" aria-label={t('totals.label')}>
      <div>
        <dt>{t('totals.count')}</dt>
        <dd data-testid="bbps-total-count">{formatCount(totals.count)}</dd>
      </div>
      <div>
        <dt>{t('totals.amount')}</dt>
        <dd data-testid="bbps-total-amount">{formatRupees(totals.amount)}</dd>
      </div>
      <div>
        <dt>{t('totals.ccf')}</dt>
        <dd data-testid="bbps-total-ccf">{formatRupees(totals.ccf)}</dd>
      </div>
      <div>
        <dt>{t('totals.commission')}</dt>
        <dd data-testid="bbps-total-commission">{formatRupees(totals.commission)}</dd>
      </div>
    </dl>
  );
}
