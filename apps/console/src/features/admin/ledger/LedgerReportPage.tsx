import { useState } from 'react';
import { Alert } from 'antd';
import { formatDateTime, lastDays } from '../common/dates';
import { formatRupees } from '../common/money';
import { DateRangeFields, ReportPage, reportPagination } from '../common/ReportPage';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
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

/** A line in words: the API's narration, or for an older answer the type and the description. */
export function narrationOf(line: LedgerLine): string {
  if (line.narration) return line.narration;
  const type = line.recordType ?? line.eventType;
  const kind = type ? typeLabel(type) : '—';
  return line.description ? `${kind} · ${line.description}` : kind;
}

/** Money set aside by a hold, or freed by its release: it leaves the posted balance as it was. */
function held(line: LedgerLine) {
  if (!line.held) return '';
  return (
    <span className="admin-amount admin-amount--held">
      {line.held > 0 ? `${formatRupees(line.held)} held` : `${formatRupees(-line.held)} freed`}
    </span>
  );
}

const columns: ReportColumn<LedgerLine>[] = [
  {
    key: 'date',
    title: 'Date · Reference',
    cardLabel: 'Date',
    render: (line) => formatDateTime(line.at),
    tableRender: (line) => (
      <>
        {formatDateTime(line.at)}
        <span className="report-table__sub">{line.orderID}</span>
      </>
    ),
  },
  { key: 'description', title: 'Description', hideOnCard: true, render: narrationOf },
  {
    key: 'reference',
    title: 'Reference',
    hideOnTable: true,
    render: (line) => line.orderID ?? '—',
  },
  {
    key: 'debit',
    title: 'Debit',
    align: 'right',
    hideOnCard: (line) => !line.debit,
    render: (line) => side(line.debit, 'debit'),
  },
  {
    key: 'credit',
    title: 'Credit',
    align: 'right',
    hideOnCard: (line) => !line.credit,
    render: (line) => side(line.credit, 'credit'),
  },
  {
    key: 'held',
    title: 'On hold',
    align: 'right',
    hideOnCard: (line) => !line.held,
    render: held,
  },
  {
    key: 'balanceAfter',
    title: 'Balance after',
    align: 'right',
    render: (line) => <span className="admin-amount">{formatRupees(line.balanceAfter)}</span>,
  },
];

function LedgerReport() {
  const [filter, setFilter] = useState<LedgerFilter>(() => ({
    ...lastDays(DEFAULT_DAYS),
    page: 1,
    pageSize: 20,
  }));
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
      <ReportTable<LedgerLine>
        label="Statement lines"
        rowKey={(line) => `${line.orderID}-${line.kind}-${line.at}-${line.balanceAfter}`}
        columns={columns}
        rows={ledger.data?.data ?? []}
        loading={ledger.isPending || ledger.isPlaceholderData}
        emptyText="No data found"
        cardTitle={narrationOf}
        pagination={{
          ...reportPagination(filter, change),
          total: ledger.data?.total ?? ledger.data?.data.length ?? 0,
        }}
      />
    </ReportPage>
  );
}
