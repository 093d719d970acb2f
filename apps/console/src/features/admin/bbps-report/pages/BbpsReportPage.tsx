import { useState } from 'react';
import { Alert, Button, Form, Select, Tag } from 'antd';
import {
  BBPS_PAYMENT_STATUSES,
  isDistributor,
  plural,
  type BbpsPaymentStatus,
} from '@khata/domain';
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
const STATUS: Record<BbpsPaymentStatus, { label: string; color: string }> = {
  queued: { label: 'Pending', color: 'gold' },
  processing: { label: 'Pending', color: 'gold' },
  processed: { label: 'Success', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
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
    { key: 'time', title: 'Time (IST)', render: (row) => formatDateTime(row.createdAt) },
    ...(seesShops
      ? [
          {
            key: 'shop',
            title: 'Shop',
            render: (row: BbpsReportRow) => row.shop.name ?? '—',
            // The phone card's headline names the shop already.
            hideOnCard: true,
          },
        ]
      : []),
    {
      key: 'biller',
      title: 'Biller',
      render: (row) => row.billerName ?? row.billerId,
      hideOnCard: true,
    },
    { key: 'category', title: 'Category', render: (row) => row.categoryName ?? row.categoryCode },
    {
      key: 'customer',
      title: 'Customer',
      render: (row) => row.params.map((param) => `${param.name}: ${param.value}`).join(' · '),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.amount)}</span>,
    },
    {
      key: 'ccf',
      title: 'CCF',
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.ccf)}</span>,
    },
    {
      key: 'commission',
      title: 'Commission',
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
      title: 'Status',
      render: (row) => (
        <Tag color={STATUS[row.status].color} data-testid="bbps-status">
          {STATUS[row.status].label}
        </Tag>
      ),
    },
    { key: 'reference', title: 'BBPS reference', render: (row) => row.bbpsReference ?? '—' },
    {
      key: 'actions',
      title: '',
      cardLabel: null,
      render: (row: BbpsReportRow) => (
        <Button size="small" onClick={() => setReceipt(row)}>
          Receipt
        </Button>
      ),
    },
  ];

  return (
    <RequireMenuItem item="eBillReport">
      <ReportPage
        title="Bill Payment Report"
        intro={
          seesShops
            ? 'Bill payments of the shops you see, paid through Bharat BillPay.'
            : 'Your shop’s bill payments through Bharat BillPay, newest first.'
        }
        report={report}
        actions={
          <Button onClick={() => void download()} loading={downloading}>
            Download CSV
          </Button>
        }
        filtersLabel="Filter bill payments"
        activeFilters={
          [filter.from, filter.to, filter.status, filter.category, filter.billerId].filter(Boolean)
            .length
        }
        filters={
          <>
            <DateRangeFields idPrefix="bbps-report" filter={filter} onChange={setFilter} />
            <Form.Item label="Status" htmlFor="bbps-report-status">
              <Select<BbpsPaymentStatus>
                id="bbps-report-status"
                allowClear
                placeholder="All statuses"
                value={filter.status}
                options={STATUS_FILTERS.map((value) => ({ value, label: STATUS[value].label }))}
                onChange={(status) => setFilter({ status, page: 1 })}
              />
            </Form.Item>
            <Form.Item label="Category" htmlFor="bbps-report-category">
              <Select<string>
                id="bbps-report-category"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="All categories"
                value={filter.category}
                loading={categories.isLoading}
                options={(categories.data?.data ?? []).map((one) => ({
                  value: one.code,
                  label: one.name,
                }))}
                onChange={(category) => setFilter({ category, billerId: undefined, page: 1 })}
              />
            </Form.Item>
            <Form.Item label="Biller" htmlFor="bbps-report-biller">
              <Select<string>
                id="bbps-report-biller"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!filter.category}
                placeholder={filter.category ? 'All billers' : 'Choose a category first'}
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
          label="Bill payments"
          rows={answer?.data ?? []}
          rowKey={(row) => row.id}
          columns={columns}
          loading={report.isFetching}
          emptyText="No bill payments found."
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
              showTotal: (total) => plural(total, 'payment'),
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
  return (
    <dl className="bbps-report__totals" aria-label="Totals">
      <div>
        <dt>Bills paid</dt>
        <dd data-testid="bbps-total-count">{totals.count}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd data-testid="bbps-total-amount">{formatRupees(totals.amount)}</dd>
      </div>
      <div>
        <dt>CCF</dt>
        <dd data-testid="bbps-total-ccf">{formatRupees(totals.ccf)}</dd>
      </div>
      <div>
        <dt>Commission</dt>
        <dd data-testid="bbps-total-commission">{formatRupees(totals.commission)}</dd>
      </div>
    </dl>
  );
}
