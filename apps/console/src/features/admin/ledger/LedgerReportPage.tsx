import { useState } from 'react';
import { Alert, App, Button, Card, Form, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
  type LedgerAccount,
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

/** Each account's words, in the current language. */
const ACCOUNT_KEYS = {
  wallet: 'account.wallet',
  commission: 'account.commission',
  aeps: 'account.aeps',
  lien: 'account.lien',
  security: 'account.security',
} as const satisfies Record<LedgerAccount, string>;

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

function columnsOf(t: TFunction<'ledger'>): ReportColumn<LedgerLine>[] {
  return [
    {
      key: 'date',
      title: t('columns.dateReference'),
      cardLabel: t('columns.date'),
      render: (line) => formatDateTime(line.at),
      tableRender: (line) => (
        <>
          {formatDateTime(line.at)}
          <span className="report-table__sub">{line.orderID}</span>
        </>
      ),
    },
    { key: 'description', title: t('columns.description'), hideOnCard: true, render: narrationOf },
    {
      key: 'reference',
      title: t('columns.reference'),
      hideOnTable: true,
      render: (line) => line.orderID ?? '—',
    },
    ...STATEMENT_AMOUNT_COLUMNS,
  ];
}

function LedgerReport() {
  const { t } = useTranslation('ledger');
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

  const account = t(ACCOUNT_KEYS[filter.account]).toLocaleLowerCase();
  const other = owner && owner.id !== profile._id ? owner : undefined;

  return (
    <AdminPage
      title={t('page.title')}
      intro={t('page.intro')}
      actions={
        <>
          <Button onClick={() => void ledger.refetch()} loading={ledger.isFetching}>
            {t('page.refresh')}
          </Button>
          <Button onClick={() => void download()} loading={downloading} disabled={!ledger.data}>
            {t('page.downloadCsv')}
          </Button>
          <Button onClick={() => window.print()} disabled={!ledger.data}>
            {t('page.print')}
          </Button>
        </>
      }
    >
      <Card className="admin-card ledger-report">
        <Form
          layout="vertical"
          className="admin-filters ledger__filters"
          aria-label={t('filters.label')}
        >
          {picks && (
            <Form.Item label={t('filters.user')} htmlFor="ledger-user">
              <UserPicker
                id="ledger-user"
                placeholder={t('filters.userPlaceholder')}
                value={filter.userId}
                owner={owner}
                onChange={(userId) => change({ userId, page: 1 })}
              />
            </Form.Item>
          )}
          <Form.Item label={t('filters.account')} htmlFor="ledger-account">
            <Select
              id="ledger-account"
              value={filter.account}
              options={LEDGER_ACCOUNTS.map(({ value }) => ({
                value,
                label: t(ACCOUNT_KEYS[value]),
              }))}
              onChange={(account) => change({ account, page: 1 })}
            />
          </Form.Item>
          <DateRangeFields idPrefix="ledger" filter={filter} onChange={change} />
        </Form>
        <header className="ledger__heading">
          <h2>
            {other
              ? t('heading.other', { name: other.name, mobile: other.mobile, account })
              : t('heading.own', { account })}
          </h2>
          <p>{t('heading.period', { from: filter.from, to: filter.to })}</p>
        </header>
        {ledger.isError && (
          <Alert
            className="admin-report__error"
            type="error"
            showIcon
            title={ledger.error.message}
          />
        )}
        <dl className="ledger__totals" aria-label={t('figures.label')}>
          <Figure
            label={t('figures.opening')}
            id="ledger-opening"
            value={ledger.data?.openingBalance}
          />
          <Figure
            label={t('figures.credits')}
            id="ledger-credits"
            value={ledger.data?.totals?.credit}
          />
          <Figure
            label={t('figures.debits')}
            id="ledger-debits"
            value={ledger.data?.totals?.debit}
          />
          <Figure
            label={t('figures.closing')}
            id="ledger-closing"
            value={ledger.data?.closingBalance}
          />
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
          label={t('table.label')}
          rowKey={(line) => `${line.orderID}-${line.kind}-${line.at}-${line.balanceAfter}`}
          columns={columnsOf(t)}
          rows={ledger.data?.data ?? []}
          loading={ledger.isPending || ledger.isPlaceholderData}
          emptyText={t('table.empty')}
          cardTitle={narrationOf}
          pagination={{
            ...reportPagination(filter, change),
            pageSizeOptions: PAGE_SIZES,
            total: ledger.data?.total ?? ledger.data?.data.length ?? 0,
            showTotal: (total) => t('table.lines', { count: total }),
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
