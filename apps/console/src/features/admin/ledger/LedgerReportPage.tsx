import { useState } from 'react';
import { Alert, Table, type TableProps } from 'antd';
import { daysBefore, formatDateTime, isoDay } from '../common/dates';
import { formatRupees } from '../common/money';
import { DateRangeFields, ReportPage, reportPagination } from '../common/ReportPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { typeLabel } from '../transactions/labels';
import { useLedger, type LedgerFilter, type LedgerLine } from './api';

const DEFAULT_DAYS = 30;

/** Spec §2 /admin/ledger: the statement, opening and closing balance for a period. */
export function LedgerReportPage() {
  return (
    <RequireMenuItem item="ledgerReport">
      <LedgerReport />
    </RequireMenuItem>
  );
}

/** An amount column: blank on the side a line does not move. */
function side(amount: number | undefined, tone: 'debit' | 'credit') {
  if (!amount) return '';
  return <span className={`admin-amount admin-amount--${tone}`}>{formatRupees(amount)}</span>;
}

const columns: TableProps<LedgerLine>['columns'] = [
  { title: 'Date', key: 'date', render: (_, line) => formatDateTime(line.at) },
  {
    title: 'Description',
    key: 'description',
    render: (_, line) => {
      const type = line.recordType ?? line.eventType;
      const kind = type ? typeLabel(type) : '—';
      return line.description ? `${kind} · ${line.description}` : kind;
    },
  },
  { title: 'Reference', key: 'reference', render: (_, line) => line.orderID ?? '—' },
  {
    title: 'Debit',
    key: 'debit',
    align: 'right',
    render: (_, line) => side(line.debit, 'debit'),
  },
  {
    title: 'Credit',
    key: 'credit',
    align: 'right',
    render: (_, line) => side(line.credit, 'credit'),
  },
  {
    title: 'Balance after',
    key: 'balanceAfter',
    align: 'right',
    render: (_, line) => <span className="admin-amount">{formatRupees(line.balanceAfter)}</span>,
  },
];

function LedgerReport() {
  const [filter, setFilter] = useState<LedgerFilter>(() => {
    const today = new Date();
    return {
      from: isoDay(daysBefore(today, DEFAULT_DAYS)),
      to: isoDay(today),
      page: 1,
      pageSize: 20,
    };
  });
  const ledger = useLedger(filter);
  const change = (next: Partial<LedgerFilter>) => setFilter((current) => ({ ...current, ...next }));

  return (
    <ReportPage
      title="Ledger Report"
      intro="Your statement: every entry with the balance after it."
      report={ledger}
      filtersLabel="Statement period"
      filters={<DateRangeFields idPrefix="ledger" filter={filter} onChange={change} />}
    >
      {ledger.isError && <Alert type="error" showIcon title={ledger.error.message} />}
      <div className="admin-grid admin-grid--2 ledger__totals">
        <div>
          <p className="admin-stat__label">Opening balance</p>
          <p className="admin-stat__value" data-testid="ledger-opening">
            {formatRupees(ledger.data?.openingBalance)}
          </p>
        </div>
        <div>
          <p className="admin-stat__label">Closing balance</p>
          <p className="admin-stat__value" data-testid="ledger-closing">
            {formatRupees(ledger.data?.closingBalance)}
          </p>
        </div>
      </div>
      <Table<LedgerLine>
        rowKey={(line) => `${line.orderID}-${line.at}-${line.balanceAfter}`}
        size="middle"
        columns={columns}
        dataSource={ledger.data?.data ?? []}
        loading={ledger.isPending || ledger.isPlaceholderData}
        scroll={{ x: 760 }}
        locale={{ emptyText: 'No data found' }}
        pagination={{
          ...reportPagination(filter, change),
          total: ledger.data?.total ?? ledger.data?.data.length ?? 0,
        }}
      />
    </ReportPage>
  );
}
