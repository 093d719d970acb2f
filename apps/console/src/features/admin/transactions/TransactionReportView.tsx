import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_PRESETS,
  TRANSACTION_STATUSES as STATUS_KEYS,
  type ReportOrder,
  type ReportPreset,
  type ReportSortKey,
  type ReportTotals,
  type TransactionKind,
  type TransactionStatus,
} from '@khata/domain';
import { formatRupees } from '../common/money';
import { AdminPage } from '../common/AdminPage';
import { countSet, FilterForm } from '../common/FilterForm';
import { DateRangeFields, PrintedRowsNote, reportPagination } from '../common/ReportPage';
import { useUrlFilter } from '../common/useUrlFilter';
import { useNetworkSearch } from '../network/api';
import { useAdminUser } from '../session/adminUser';
import { downloadTransactionReportCsv, useTransactionReport, type ReportFilter } from './api';
import { statusLabel, statusTone, TRANSACTION_TYPE_VALUES, typeLabel } from './labels';
import { ReceiptModal } from './ReceiptModal';
import { TransactionTable, type ReportRecord } from './TransactionTable';
import './transaction-report.css';

const PAGE_SIZES = [10, 20, 50, 100];
const KINDS = TRANSACTION_TYPE_VALUES;

/** The words of each sort choice. */
const SORT_KEYS = {
  newest: 'report.sort.newest',
  oldest: 'report.sort.oldest',
  largest: 'report.sort.largest',
  smallest: 'report.sort.smallest',
  byStatus: 'report.sort.byStatus',
} as const;

/** The sort choices, as one select (a phone has no column headers to click). */
const SORTS: {
  value: string;
  label: keyof typeof SORT_KEYS;
  sort: ReportSortKey;
  order: ReportOrder;
}[] = [
  { value: 'createdAt:desc', label: 'newest', sort: 'createdAt', order: 'desc' },
  { value: 'createdAt:asc', label: 'oldest', sort: 'createdAt', order: 'asc' },
  { value: 'amount:desc', label: 'largest', sort: 'amount', order: 'desc' },
  { value: 'amount:asc', label: 'smallest', sort: 'amount', order: 'asc' },
  { value: 'status:asc', label: 'byStatus', sort: 'status', order: 'asc' },
];

/** A report's filter, kept in the address so it can be reloaded, shared, printed and gone back to. */
function useReportFilter(preset: ReportPreset) {
  return useUrlFilter<ReportFilter>(({ positive, text, pick }) => ({
    report: preset,
    page: positive('page', 1),
    pageSize: positive('pageSize', 20, 100),
    from: text('from'),
    to: text('to'),
    status: pick<TransactionStatus>('status', STATUS_KEYS),
    type: REPORT_PRESETS[preset] ? undefined : pick<TransactionKind>('type', KINDS),
    search: text('search'),
    userId: text('userId'),
    userLabel: text('userLabel'),
    subtree: text('subtree') === 'true' ? true : undefined,
    sort: pick<ReportSortKey>('sort', ['createdAt', 'amount', 'fee', 'status', 'type']),
    order: pick<ReportOrder>('order', ['asc', 'desc']),
  }));
}

export interface TransactionReportViewProps {
  preset: ReportPreset;
  /** The screen's own title and intro: the report is the page. */
  title?: string;
  intro?: string;
  /** Under another screen's form: a titled section instead of a page. */
  sectionTitle?: string;
}

/**
 * One transaction report over the report engine (`/api/reports/transactions`), for every
 * transaction screen: its filters in the address, a user picker for whoever sees a network,
 * server paging, the totals of the whole filtered set, CSV, a print view, and each row's
 * receipt to reprint.
 */
export function TransactionReportView({
  preset,
  title,
  intro,
  sectionTitle,
}: TransactionReportViewProps) {
  const { t } = useTranslation('transactions');
  const [filter, setFilter] = useReportFilter(preset);
  const report = useTransactionReport(filter);
  const { menu } = useAdminUser();
  const seesNetwork = menu.some((item) => item.key === 'network');
  const [open, setOpen] = useState<ReportRecord>();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();
  const printing = usePrintView();
  const answer = report.data;

  const download = async () => {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadTransactionReportCsv(filter);
    } catch (error) {
      setDownloadError((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const sort = `${filter.sort ?? 'createdAt'}:${filter.order ?? 'desc'}`;
  const actions = (
    <div className="transaction-report__actions">
      <Button onClick={() => void report.refetch()} loading={report.isFetching}>
        {t('report.refresh')}
      </Button>
      <Button onClick={() => void download()} loading={downloading}>
        {t('report.downloadCsv')}
      </Button>
      <Button onClick={printing.start}>{t('report.print')}</Button>
    </div>
  );

  const body = (
    <>
      <FilterForm
        className="admin-filters transaction-report__filters"
        label={t('report.filterLabel')}
        active={countSet([
          filter.from,
          filter.to,
          REPORT_PRESETS[preset] ? undefined : filter.type,
          filter.status,
          filter.search,
          filter.userId,
        ])}
      >
        <DateRangeFields idPrefix={`${preset}-report`} filter={filter} onChange={setFilter} />
        {!REPORT_PRESETS[preset] && (
          <Form.Item label={t('report.type')} htmlFor={`${preset}-report-type`}>
            <Select
              id={`${preset}-report-type`}
              allowClear
              placeholder={t('report.allTypes')}
              value={filter.type}
              options={KINDS.map((value) => ({ value, label: typeLabel(value) }))}
              onChange={(type?: TransactionKind) => setFilter({ type, page: 1 })}
            />
          </Form.Item>
        )}
        <Form.Item label={t('report.status')} htmlFor={`${preset}-report-status`}>
          <Select
            id={`${preset}-report-status`}
            allowClear
            placeholder={t('report.allStatuses')}
            value={filter.status}
            options={STATUS_KEYS.map((value) => ({ value, label: statusLabel(value) }))}
            onChange={(status?: TransactionStatus) => setFilter({ status, page: 1 })}
          />
        </Form.Item>
        <SearchField
          id={`${preset}-report-search`}
          value={filter.search}
          onSearch={(search) => setFilter({ search, page: 1 })}
        />
        {seesNetwork && (
          <ScopePicker
            id={`${preset}-report-user`}
            filter={filter}
            onChange={(change) => setFilter({ ...change, page: 1 })}
          />
        )}
        <Form.Item label={t('report.sort.label')} htmlFor={`${preset}-report-sort`}>
          <Select
            id={`${preset}-report-sort`}
            value={sort}
            options={SORTS.map(({ value, label }) => ({ value, label: t(SORT_KEYS[label]) }))}
            onChange={(value: string) => {
              const chosen = SORTS.find((option) => option.value === value)!;
              setFilter({ sort: chosen.sort, order: chosen.order, page: 1 });
            }}
          />
        </Form.Item>
      </FilterForm>
      <p className="transaction-report__range" data-testid="report-filters">
        {answer
          ? appliedFilters(filter, answer, sort, t).join(' · ')
          : t('report.defaultRange', { days: REPORT_DEFAULT_DAYS, max: REPORT_MAX_DAYS })}
      </p>
      {(report.isError || downloadError) && (
        <Alert
          className="admin-report__error"
          type="error"
          showIcon
          title={downloadError ?? report.error?.message}
        />
      )}
      {answer && <Totals totals={answer.totals} />}
      {answer && (
        <PrintedRowsNote
          page={filter.page}
          pageSize={filter.pageSize}
          total={answer.total}
          noun="row"
        />
      )}
      <TransactionTable
        records={answer?.data ?? []}
        loading={report.isPending || report.isPlaceholderData}
        onOpen={setOpen}
        showUser={seesNetwork}
        pagination={
          printing.active
            ? false
            : {
                ...reportPagination(filter, setFilter),
                total: answer?.total ?? 0,
                pageSizeOptions: PAGE_SIZES,
                // Rows, not transactions: a transfer inside the scope is two (one per side).
                showTotal: (total) => t('report.rows', { count: total }),
              }
        }
      />
      <ReceiptModal
        id={open?._id}
        known={open}
        shop={
          open?.user && {
            name: open.user.shopName ?? open.user.name,
            phone: open.user.mobile,
          }
        }
        ownerId={open?.user?.id}
        onClose={() => setOpen(undefined)}
      />
    </>
  );

  if (sectionTitle) {
    return (
      <Card className="admin-card transaction-report" aria-label={sectionTitle} role="region">
        <div className="transaction-report__section-header">
          <Typography.Title level={2} className="transaction-report__section-title">
            {sectionTitle}
          </Typography.Title>
          {actions}
        </div>
        {body}
      </Card>
    );
  }
  return (
    <AdminPage title={title ?? t('page.transactions.title')} intro={intro} actions={actions}>
      <Card className="admin-card transaction-report">{body}</Card>
    </AdminPage>
  );
}

/**
 * The filters a report is read with, in words: on the screen under the form, and on paper,
 * where the form is not printed (issue 23).
 */
function appliedFilters(
  filter: ReportFilter,
  answer: { from: string; to: string },
  sort: string,
  t: TFunction<'transactions'>,
): string[] {
  const words = [t('report.applied.range', { from: answer.from, to: answer.to })];
  if (filter.userLabel) {
    words.push(
      filter.subtree
        ? t('report.applied.userAndNetwork', { user: filter.userLabel })
        : filter.userLabel,
    );
  }
  if (filter.type) words.push(t('report.applied.type', { type: typeLabel(filter.type) }));
  if (filter.status) {
    words.push(t('report.applied.status', { status: statusLabel(filter.status) }));
  }
  if (filter.search) words.push(t('report.applied.search', { search: filter.search }));
  words.push(t(SORT_KEYS[SORTS.find((option) => option.value === sort)?.label ?? 'newest']));
  return words;
}

/**
 * The totals of the whole filtered set, each transaction once: how many, then the amount and
 * fees of the money that moved (successful and processed), then each status's own figures.
 */
function Totals({ totals }: { totals: ReportTotals }) {
  const { t } = useTranslation('transactions');
  return (
    <dl className="transaction-report__totals" aria-label={t('report.totals.label')}>
      <div>
        <dt>{t('report.totals.count')}</dt>
        <dd data-testid="report-total-count">{totals.count}</dd>
      </div>
      <div>
        <dt title={t('report.totals.amountHint')}>{t('report.totals.amount')}</dt>
        <dd data-testid="report-total-amount">{formatRupees(totals.amount)}</dd>
      </div>
      <div>
        <dt title={t('report.totals.feeHint')}>{t('report.totals.fee')}</dt>
        <dd data-testid="report-total-fee">{formatRupees(totals.fee)}</dd>
      </div>
      {totals.byStatus.length > 0 && (
        <div className="transaction-report__by-status">
          <dt>{t('report.totals.byStatus')}</dt>
          <dd>
            {totals.byStatus.map((group) => (
              <Tag key={group.status} color={statusTone(group.status)}>
                {t('report.totals.statusFigures', {
                  status: statusLabel(group.status),
                  n: group.count,
                  amount: formatRupees(group.amount),
                })}
              </Tag>
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}

function SearchField({
  id,
  value,
  onSearch,
}: {
  id: string;
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
}) {
  const { t } = useTranslation('transactions');
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Form.Item label={t('report.search.label')} htmlFor={id} className="transaction-report__search">
      <Input.Search
        id={id}
        allowClear
        value={text}
        placeholder={t('report.search.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') onSearch(undefined);
        }}
        onSearch={(typed) => onSearch(typed.trim() || undefined)}
      />
    </Form.Item>
  );
}

/** Whose rows: the whole network, or one member found by name or mobile (and its network). */
function ScopePicker({
  id,
  filter,
  onChange,
}: {
  id: string;
  filter: ReportFilter;
  onChange: (change: Partial<ReportFilter>) => void;
}) {
  const { t } = useTranslation('transactions');
  const [q, setQ] = useState('');
  const search = useNetworkSearch(q);
  const options = (search.data?.data ?? []).map(({ member }) => ({
    value: member.id,
    label: `${member.name} · ${member.mobile}`,
  }));
  if (filter.userId && !options.some((option) => option.value === filter.userId)) {
    options.unshift({ value: filter.userId, label: filter.userLabel ?? filter.userId });
  }
  return (
    <>
      <Form.Item label={t('report.scope.user')} htmlFor={id}>
        <Select
          id={id}
          showSearch={{ filterOption: false, onSearch: (typed) => setQ(typed.trim()) }}
          allowClear
          placeholder={t('report.scope.everyone')}
          value={filter.userId}
          options={options}
          loading={search.isFetching}
          notFoundContent={
            q.length < 2 ? t('report.scope.typeToSearch') : t('report.scope.noneFound')
          }
          onChange={(userId?: string) =>
            onChange({
              userId,
              userLabel: options.find((option) => option.value === userId)?.label,
              subtree: userId ? filter.subtree : undefined,
            })
          }
        />
      </Form.Item>
      <Form.Item label=" " className="transaction-report__subtree">
        <Checkbox
          checked={filter.subtree === true}
          disabled={!filter.userId}
          onChange={(event) => onChange({ subtree: event.target.checked || undefined })}
        >
          {t('report.scope.withNetwork')}
        </Checkbox>
      </Form.Item>
    </>
  );
}

/** Print: the whole page of rows without the pager, filters or buttons, then the browser's popup. */
function usePrintView() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const root = document.documentElement;
    root.classList.add('report-printing');
    const timer = window.setTimeout(() => window.print(), 300);
    const done = () => setActive(false);
    window.addEventListener('afterprint', done);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
      root.classList.remove('report-printing');
    };
  }, [active]);
  return { active, start: () => setActive(true) };
}
