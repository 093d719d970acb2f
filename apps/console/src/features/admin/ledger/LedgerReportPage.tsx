import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Table, type TableProps } from 'antd';
import { AdminPage } from '../common/AdminPage';
import { daysBefore, formatDateTime, isoDay } from '../common/dates';
import { formatRupees } from '../common/money';
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
    <AdminPage
      title="Ledger Report"
      intro="Your statement: every entry with the balance after it."
      actions={
        <Button onClick={() => void ledger.refetch()} loading={ledger.isFetching}>
          Refresh
        </Button>
      }
    >
      <Card className="admin-card">
        <Form layout="vertical" className="admin-filters" aria-label="Statement period">
          <Form.Item label="From" htmlFor="ledger-from">
            <Input
              id="ledger-from"
              type="date"
              value={filter.from ?? ''}
              max={filter.to}
              onChange={(event) => change({ from: event.target.value || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="To" htmlFor="ledger-to">
            <Input
              id="ledger-to"
              type="date"
              value={filter.to ?? ''}
              min={filter.from}
              onChange={(event) => change({ to: event.target.value || undefined, page: 1 })}
            />
          </Form.Item>
        </Form>

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
            current: filter.page,
            pageSize: filter.pageSize,
            total: ledger.data?.total ?? ledger.data?.data.length ?? 0,
            showSizeChanger: true,
            onChange: (page, pageSize) => change({ page, pageSize }),
          }}
        />
      </Card>
    </AdminPage>
  );
}
