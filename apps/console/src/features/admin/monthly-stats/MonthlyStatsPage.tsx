import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, App, Button, Card, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkPin,
  indiaMonth,
  previousMonth,
  type MonthlyStats,
  type ReconciliationLine,
  type StatusFigure,
} from '@khata/domain';
import { currentLanguage } from '../../../i18n/i18n';
import { formatCount } from '../../../i18n/format';
import { INTL_LOCALES } from '../../../i18n/languages';
import { localizeMessage } from '../../../i18n/messages';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { statusLabel } from '../transactions/labels';
import { downloadMonthlyStatsCsv, useCloseMonth, useMonthlyStats } from './api';
import { BbpsMonthFigures } from './BbpsMonthFigures';
import { counted, Stat } from './Stat';
import './monthly-stats.css';

/** recharts is loaded only when the chart is drawn: never in the public first load. */
const DailyVolumeChart = lazy(() => import('./DailyVolumeChart'));

const MONTHS_BACK = 24;

/** `/admin/monthlyStats` (issue 14): the month's figures, its reconciliation and its close. */
export function MonthlyStatsPage() {
  return (
    <RequireMenuItem item="monthlyStats">
      <MonthlyStatsScreen />
    </RequireMenuItem>
  );
}

/** The months offered, named in the current language ("November 2026", "नवंबर 2026"). */
function monthOptions(): { value: string; label: string }[] {
  const options = [];
  const named = new Intl.DateTimeFormat(INTL_LOCALES[currentLanguage()], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  let month = indiaMonth(new Date());
  for (let i = 0; i < MONTHS_BACK; i += 1) {
    const [year, m] = month.split('-').map(Number) as [number, number];
    const label = named.format(new Date(Date.UTC(year, m - 1, 1)));
    options.push({ value: month, label });
    month = previousMonth(month);
  }
  return options;
}

function MonthlyStatsScreen() {
  const { t } = useTranslation('monthly-stats');
  const [params, setParams] = useSearchParams();
  const options = monthOptions();
  const month = options.some((o) => o.value === params.get('month'))
    ? params.get('month')!
    : options[0]!.value;
  const stats = useMonthlyStats(month);
  const [downloadError, setDownloadError] = useState<string>();
  const data = stats.data?.data;

  const download = async () => {
    setDownloadError(undefined);
    try {
      await downloadMonthlyStatsCsv(month);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <AdminPage
      title={t('page.title')}
      intro={t('page.intro')}
      actions={
        <>
          <label className="monthly-stats__month">
            <span className="admin-stat__label">{t('page.month')}</span>
            <Select
              aria-label={t('page.month')}
              value={month}
              options={options}
              onChange={(value) => setParams({ month: value })}
              style={{ minWidth: 170 }}
            />
          </label>
          <Button onClick={() => void download()}>{t('page.downloadCsv')}</Button>
        </>
      }
    >
      {(stats.isError || downloadError) && (
        <Alert type="error" showIcon title={stats.error?.message ?? downloadError} />
      )}
      {!data ? (
        stats.isPending && <Skeleton active />
      ) : (
        <>
          <CloseCard stats={data} />
          <Reconciliation lines={data.reconciliation} />
          <Figures stats={data} />
          <Card className="admin-card" title={t('page.daily.title')}>
            {data.daily.length === 0 ? (
              <Typography.Paragraph className="admin-stat__note">
                {t('page.daily.empty')}
              </Typography.Paragraph>
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <DailyVolumeChart month={data.month} rows={data.daily} />
              </Suspense>
            )}
          </Card>
        </>
      )}
    </AdminPage>
  );
}

function CloseCard({ stats }: { stats: MonthlyStats }) {
  const { t } = useTranslation('monthly-stats');
  const closeMonth = useCloseMonth();
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  if (stats.closed) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="month-closed"
        title={t('close.closed', {
          date: formatDateTime(stats.closed.closedAt),
          name:
            stats.closed.closedBy.name ?? stats.closed.closedBy.mobile ?? stats.closed.closedBy.id,
        })}
        description={t('close.closedNote')}
      />
    );
  }
  const why = !stats.ended
    ? t('close.notEnded')
    : !stats.reconciled
      ? t('close.notReconciled')
      : t('close.ready');
  return (
    <Card className="admin-card monthly-stats__close">
      <div className="monthly-stats__close-row">
        <Typography.Paragraph className="monthly-stats__close-text">
          <Tag color="blue">{t('close.open')}</Tag> {why}
        </Typography.Paragraph>
        <Button
          type="primary"
          disabled={!stats.ended || !stats.reconciled}
          loading={closeMonth.isPending}
          onClick={() => setAsking(true)}
        >
          {t('close.button')}
        </Button>
      </div>
      <PinConfirmModal
        open={asking}
        title={t('close.confirmTitle', { month: stats.month })}
        okText={t('close.button')}
        danger
        loading={closeMonth.isPending}
        error={refusal}
        check={checkPin}
        onConfirm={(pin) =>
          closeMonth.mutate(
            { month: stats.month, pin },
            {
              onSuccess: (answer) => {
                setAsking(false);
                setRefusal(undefined);
                void message.success(answer.message);
              },
              onError: (error) => setRefusal(error.message),
            },
          )
        }
        onCancel={() => {
          setAsking(false);
          setRefusal(undefined);
        }}
      >
        <p>{t('close.confirmText')}</p>
      </PinConfirmModal>
    </Card>
  );
}

/**
 * The reconciliation's checks and figures, named by the API in English (issue 30): each check by
 * its key, each figure by its English label (the API gives it no key); one the console does not
 * know shows as sent.
 */
const CHECK_KEYS = {
  eventsBalance: 'reconciliation.checks.eventsBalance',
  float: 'reconciliation.checks.float',
  readModel: 'reconciliation.checks.readModel',
  taxes: 'reconciliation.checks.taxes',
} as const;
const FIGURE_KEYS = {
  Events: 'reconciliation.figures.events',
  Postings: 'reconciliation.figures.postings',
  Credits: 'reconciliation.figures.credits',
  Debits: 'reconciliation.figures.debits',
  'Opening float': 'reconciliation.figures.openingFloat',
  'Wallet movements': 'reconciliation.figures.walletMovements',
  'Expected closing': 'reconciliation.figures.expectedClosing',
  'Closing float': 'reconciliation.figures.closingFloat',
  'Account × event type rows replayed': 'reconciliation.figures.rowsReplayed',
  'Account closings replayed': 'reconciliation.figures.closingsReplayed',
  'Rows that differ': 'reconciliation.figures.rowsDiffering',
  'Closings that differ': 'reconciliation.figures.closingsDiffering',
  'Events not projected': 'reconciliation.figures.eventsNotProjected',
  'Fee splits': 'reconciliation.figures.feeSplits',
  'TDS in the splits': 'reconciliation.figures.splitTds',
  'TDS payable moved': 'reconciliation.figures.tdsPayableMoved',
  'GST in the splits': 'reconciliation.figures.splitGst',
  'GST payable moved': 'reconciliation.figures.gstPayableMoved',
  'Commissions in the splits': 'reconciliation.figures.splitCommissions',
  'Commission accounts moved': 'reconciliation.figures.commissionAccountsMoved',
} as const;

function Reconciliation({ lines }: { lines: ReconciliationLine[] }) {
  const { t } = useTranslation('monthly-stats');
  const figureName = (label: string) => {
    const english = label.replace(' (₹)', '');
    return english in FIGURE_KEYS ? t(FIGURE_KEYS[english as keyof typeof FIGURE_KEYS]) : english;
  };
  return (
    <Card className="admin-card" title={t('reconciliation.title')}>
      <ol className="monthly-stats__lines">
        {lines.map((line) => (
          <li
            key={line.key}
            className={`monthly-stats__line monthly-stats__line--${line.ok ? 'ok' : 'bad'}`}
            data-testid={`reconciliation-${line.key}`}
            data-ok={line.ok}
          >
            <div className="monthly-stats__line-head">
              <Tag color={line.ok ? 'success' : 'error'}>
                {line.ok ? t('reconciliation.green') : t('reconciliation.red')}
              </Tag>
              <strong>{line.key in CHECK_KEYS ? t(CHECK_KEYS[line.key]) : line.label}</strong>
            </div>
            <dl className="monthly-stats__figures">
              {line.figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figureName(figure.label)}</dt>
                  <dd>
                    {figure.label.endsWith('(₹)')
                      ? formatRupees(figure.value)
                      : formatCount(figure.value)}
                  </dd>
                </div>
              ))}
            </dl>
            {line.differences.length > 0 && (
              <ul className="monthly-stats__differences">
                {line.differences.map((difference, index) => (
                  <li key={index}>
                    <span className="admin-amount admin-amount--debit">
                      {formatRupees(difference.difference)}
                    </span>{' '}
                    {localizeMessage(difference.what)}
                    {difference.events.length > 0 && (
                      <span className="monthly-stats__events">
                        {difference.events
                          .map((event) => `#${event.seq} ${event.type} ${event.stream}`)
                          .join(' · ')}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Figures({ stats }: { stats: MonthlyStats }) {
  const { t } = useTranslation('monthly-stats');
  const { credits, debits, transfers, fees, float } = stats;
  return (
    <>
      <Card className="admin-card" title={t('figures.float.title')}>
        <div className="admin-grid admin-grid--stats admin-grid--3">
          <Stat label={t('figures.float.opening')} value={formatRupees(float.opening)} />
          <Stat label={t('figures.float.movements')} value={formatRupees(float.movements)} />
          <Stat label={t('figures.float.closing')} value={formatRupees(float.closing)} />
        </div>
      </Card>
      <Card className="admin-card" title={t('figures.wallets.title')}>
        <div className="admin-grid admin-grid--stats admin-grid--4">
          <Stat
            label={t('figures.wallets.fundRequests')}
            value={formatRupees(credits.fundRequests.amount)}
            note={counted(t, credits.fundRequests)}
          />
          <Stat
            label={t('figures.wallets.fundRequestsFromUplines')}
            value={formatRupees(credits.fundRequestsFromUplines.amount)}
            note={counted(t, credits.fundRequestsFromUplines)}
          />
          <Stat
            label={t('figures.wallets.adminCredits')}
            value={formatRupees(credits.adminCredits.amount)}
            note={counted(t, credits.adminCredits)}
          />
          <Stat
            label={t('figures.wallets.compensation')}
            value={formatRupees(credits.compensation.amount)}
            note={counted(t, credits.compensation)}
          />
          <Stat
            label={t('figures.wallets.paymentGateway')}
            value={formatRupees(credits.paymentGateway.amount)}
            note={t('figures.wallets.notBuilt')}
          />
          <Stat
            label={t('figures.wallets.adminDebits')}
            value={formatRupees(debits.adminDebits.amount)}
            note={counted(t, debits.adminDebits)}
          />
          <Stat
            label={t('figures.wallets.transfers')}
            value={formatRupees(transfers.amount)}
            note={counted(t, transfers)}
          />
          <Stat
            label={t('figures.wallets.paidToBanks')}
            value={formatRupees(stats.paidToBanks)}
            note={
              stats.aeps.withdrawals.count + stats.aeps.aadhaarPay.count > 0
                ? t('figures.wallets.paidToBanksNote')
                : undefined
            }
          />
        </div>
      </Card>
      <AepsFigures aeps={stats.aeps} />
      <BbpsMonthFigures bbps={stats.bbps} />
      <Card className="admin-card" title={t('figures.fees.title')}>
        <div className="admin-grid admin-grid--stats admin-grid--4">
          <Stat label={t('figures.fees.charged')} value={formatRupees(fees.charged)} />
          <Stat label={t('figures.fees.companyIncome')} value={formatRupees(fees.companyIncome)} />
          <Stat label={t('figures.fees.commissions')} value={formatRupees(fees.commissions)} />
          <Stat label={t('figures.fees.tds')} value={formatRupees(fees.tds)} />
          <Stat label={t('figures.fees.gst')} value={formatRupees(fees.gst)} />
        </div>
      </Card>
      <div className="admin-grid admin-grid--2">
        <StatusTable title={t('figures.status.payouts')} rows={stats.payouts} />
        <StatusTable title={t('figures.status.aepsSettlements')} rows={stats.aepsSettlements} />
        <StatusTable title={t('figures.status.dmt')} rows={stats.dmtTransfers} />
      </div>
    </>
  );
}

/**
 * Issue 26: AEPS at the counter beside the other services. Only what the banks approved is in
 * the ledger, so every transaction here is done; the commission is what Khata paid the shops
 * and their uplines (TDS included), the fees what Aadhaar Pay charged the shops.
 */
function AepsFigures({ aeps }: { aeps: MonthlyStats['aeps'] }) {
  const { t } = useTranslation('monthly-stats');
  return (
    <Card className="admin-card" title={t('figures.aeps.title')} data-testid="monthly-aeps">
      <div className="admin-grid admin-grid--stats admin-grid--4">
        <Stat
          label={t('figures.aeps.withdrawals')}
          value={formatRupees(aeps.withdrawals.amount)}
          note={counted(t, aeps.withdrawals)}
        />
        <Stat
          label={t('figures.aeps.commission')}
          value={formatRupees(aeps.withdrawals.commission)}
          note={t('figures.aeps.commissionNote')}
        />
        <Stat
          label={t('figures.aeps.aadhaarPay')}
          value={formatRupees(aeps.aadhaarPay.amount)}
          note={counted(t, aeps.aadhaarPay)}
        />
        <Stat
          label={t('figures.aeps.aadhaarPayFees')}
          value={formatRupees(aeps.aadhaarPay.fee)}
          note={t('figures.aeps.aadhaarPayFeesNote')}
        />
      </div>
    </Card>
  );
}

function StatusTable({ title, rows }: { title: string; rows: StatusFigure[] }) {
  const { t } = useTranslation('monthly-stats');
  return (
    <Card className="admin-card" title={title}>
      <Table<StatusFigure>
        size="small"
        rowKey="status"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('figures.status.empty') }}
        columns={[
          {
            title: t('figures.status.status'),
            dataIndex: 'status',
            render: (status: string) => statusLabel(status),
          },
          {
            title: t('figures.status.count'),
            dataIndex: 'count',
            align: 'right',
            render: (count: number) => formatCount(count),
          },
          {
            title: t('figures.status.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number) => formatRupees(amount),
          },
          {
            title: t('figures.status.fees'),
            dataIndex: 'fee',
            align: 'right',
            render: (fee: number) => formatRupees(fee),
          },
        ]}
      />
    </Card>
  );
}
