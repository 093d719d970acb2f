import { useState } from 'react';
import { Alert, App, Button, Card, Form, Select } from 'antd';
import { formatDateTime, lastDays } from '../common/dates';
import { formatRupees } from '../common/money';
import { AdminPage } from '../common/AdminPage';
import { DateRangeFields, PrintedRowsNote, reportPagination } from '../common/ReportPage';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useUrlFilter } from '../common/useUrlFilter';
import { useAdminUser } from '../session/adminUser';
import {
  downloadLedgerCsv,
  LEDGER_ACCOUNTS,
  useLedger,
  type LedgerFilter,
  type LedgerLine,
} from './api';
import { narrationOf, STATEMENT_AMOUNT_COLUMNS } from './statementColumns';
import { UserPicker } from './UserPicker';
import './ledger.css';

const DEFAULT_DAYS = 30;
const PAGE_SIZES = [20, 50, 100];
const ACCOUNT_VALUES = LEDGER_ACCOUNTS.map((account) => account.value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Spec §2 /admin/ledger (issue 14): any account's statement the caller may see (an admin
 * anyone, a distributor its downline, a user itself): every line in words with the balance
 * after it, opening and closing, the period's totals, the whole period as CSV, and a print view.
 */
export function LedgerReportPage() {
  return (
    <RequireMenuItem item="ledgerReport">
      <LedgerReport />
    </RequireMenuItem>
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
  ...STATEMENT_AMOUNT_COLUMNS,
];

function LedgerReport() {
  const { profile, menu } = useAdminUser();
  const { message } = App.useApp();
  // Whoever may list users (All Users: admins and distributors) may pick whose ledger to read.
  const picks = menu.some((entry) => entry.key === 'allUsers');
  const defaults = lastDays(DEFAULT_DAYS);
  const [filter, change] = useUrlFilter<LedgerFilter>((params) => ({
    userId: params.text('userId'),
    account: params.pick('account', ACCOUNT_VALUES) ?? 'wallet',
    from: dayOr(params.text('from'), defaults.from),
    to: dayOr(params.text('to'), defaults.to),
    page: params.positive('page', 1),
    pageSize: params.positive('pageSize', 20, 100),
  }));
  const ledger = useLedger(filter);
  const owner = ledger.data?.user;
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLedgerCsv(filter, owner);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const accountLabel =
    LEDGER_ACCOUNTS.find((account) => account.value === filter.account)?.label ?? 'Wallet';
  const whose = owner && owner.id !== profile._id ? `${owner.name} (${owner.mobile})` : 'Your';

  return (
    <AdminPage
      title="Ledger Report"
      intro="Every entry of an account with the balance after it, in words."
      actions={
        <>
          <Button onClick={() => void ledger.refetch()} loading={ledger.isFetching}>
            Refresh
          </Button>
          <Button onClick={() => void download()} loading={downloading} disabled={!ledger.data}>
            Download CSV
          </Button>
          <Button onClick={() => window.print()} disabled={!ledger.data}>
            Print
          </Button>
        </>
      }
    >
      <Card className="admin-card ledger-report">
        <Form layout="vertical" className="admin-filters ledger__filters" aria-label="Statement">
          {picks && (
            <Form.Item label="User" htmlFor="ledger-user">
              <UserPicker
                id="ledger-user"
                placeholder="My own ledger: search a name or mobile"
                value={filter.userId}
                owner={owner}
                onChange={(userId) => change({ userId, page: 1 })}
              />
            </Form.Item>
          )}
          <Form.Item label="Account" htmlFor="ledger-account">
            <Select
              id="ledger-account"
              value={filter.account}
              options={LEDGER_ACCOUNTS.map(({ value, label }) => ({ value, label }))}
              onChange={(account) => change({ account, page: 1 })}
            />
          </Form.Item>
          <DateRangeFields idPrefix="ledger" filter={filter} onChange={change} />
        </Form>
        <header className="ledger__heading">
          <h2>
            {whose === 'Your' ? 'Your' : `${whose}:`} {accountLabel.toLowerCase()} statement
          </h2>
          <p>
            {filter.from} to {filter.to} (India time)
          </p>
        </header>
        {ledger.isError && (
          <Alert
            className="admin-report__error"
            type="error"
            showIcon
            title={ledger.error.message}
          />
        )}
        <dl className="ledger__totals" aria-label="Statement figures">
          <Figure label="Opening balance" id="ledger-opening" value={ledger.data?.openingBalance} />
          <Figure label="Credits" id="ledger-credits" value={ledger.data?.totals?.credit} />
          <Figure label="Debits" id="ledger-debits" value={ledger.data?.totals?.debit} />
          <Figure label="Closing balance" id="ledger-closing" value={ledger.data?.closingBalance} />
        </dl>
        {ledger.data && (
          <PrintedRowsNote
            page={filter.page}
            pageSize={filter.pageSize}
            total={ledger.data.total ?? ledger.data.data.length}
            noun="line"
          />
        )}
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
            pageSizeOptions: PAGE_SIZES,
            total: ledger.data?.total ?? ledger.data?.data.length ?? 0,
            showTotal: (total) => `${total} line${total === 1 ? '' : 's'}`,
          }}
        />
      </Card>
    </AdminPage>
  );
}

function Figure({ label, id, value }: { label: string; id: string; value: number | undefined }) {
  return (
    <div>
      <dt className="admin-stat__label">{label}</dt>
      <dd className="admin-stat__value" data-testid={id}>
        {formatRupees(value)}
      </dd>
    </div>
  );
}

function dayOr(value: string | undefined, fallback: string): string {
  return value && DAY.test(value) ? value : fallback;
}
