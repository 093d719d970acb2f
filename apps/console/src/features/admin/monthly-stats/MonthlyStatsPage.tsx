import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, App, Button, Card, Select, Skeleton, Table, Tag, Typography } from 'antd';
import {
  checkPin,
  indiaMonth,
  previousMonth,
  type MonthlyStats,
  type ReconciliationLine,
  type StatusFigure,
} from '@khata/domain';
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

function monthOptions(): { value: string; label: string }[] {
  const options = [];
  let month = indiaMonth(new Date());
  for (let i = 0; i < MONTHS_BACK; i += 1) {
    const [year, m] = month.split('-').map(Number) as [number, number];
    const label = new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-IN', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    options.push({ value: month, label });
    month = previousMonth(month);
  }
  return options;
}

function MonthlyStatsScreen() {
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
      title="Monthly Stats"
      intro="What moved in an India month, proved to the paisa against the ledger."
      actions={
        <>
          <label className="monthly-stats__month">
            <span className="admin-stat__label">Month</span>
            <Select
              aria-label="Month"
              value={month}
              options={options}
              onChange={(value) => setParams({ month: value })}
              style={{ minWidth: 170 }}
            />
          </label>
          <Button onClick={() => void download()}>Download CSV</Button>
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
          <Card className="admin-card" title="Daily volume by service and status">
            {data.daily.length === 0 ? (
              <Typography.Paragraph className="admin-stat__note">
                No transactions in this month.
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
        title={`Closed on ${formatDateTime(stats.closed.closedAt)} by ${stats.closed.closedBy.name ?? stats.closed.closedBy.mobile ?? stats.closed.closedBy.id}`}
        description="The closing figures are stored and can no longer change."
      />
    );
  }
  const why = !stats.ended
    ? 'This month has not ended in India yet: it can be closed from the 1st of next month.'
    : !stats.reconciled
      ? 'Every reconciliation line must be green before the month is closed.'
      : 'Every line is green: the month can be closed. Its figures are then stored for good.';
  return (
    <Card className="admin-card monthly-stats__close">
      <div className="monthly-stats__close-row">
        <Typography.Paragraph className="monthly-stats__close-text">
          <Tag color="blue">Open</Tag> {why}
        </Typography.Paragraph>
        <Button
          type="primary"
          disabled={!stats.ended || !stats.reconciled}
          loading={closeMonth.isPending}
          onClick={() => setAsking(true)}
        >
          Close the month
        </Button>
      </div>
      <PinConfirmModal
        open={asking}
        title={`Close ${stats.month}?`}
        okText="Close the month"
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
        <p>The month&apos;s figures are stored once, with your name. This cannot be undone.</p>
      </PinConfirmModal>
    </Card>
  );
}

function Reconciliation({ lines }: { lines: ReconciliationLine[] }) {
  return (
    <Card className="admin-card" title="Reconciliation">
      <ol className="monthly-stats__lines">
        {lines.map((line) => (
          <li
            key={line.key}
            className={`monthly-stats__line monthly-stats__line--${line.ok ? 'ok' : 'bad'}`}
            data-testid={`reconciliation-${line.key}`}
            data-ok={line.ok}
          >
            <div className="monthly-stats__line-head">
              <Tag color={line.ok ? 'success' : 'error'}>{line.ok ? 'Green' : 'Red'}</Tag>
              <strong>{line.label}</strong>
            </div>
            <dl className="monthly-stats__figures">
              {line.figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label.replace(' (₹)', '')}</dt>
                  <dd>
                    {figure.label.endsWith('(₹)')
                      ? formatRupees(figure.value)
                      : figure.value.toLocaleString('en-IN')}
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
                    {difference.what}
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
  const { credits, debits, transfers, fees, float } = stats;
  return (
    <>
      <Card className="admin-card" title="Wallet float">
        <div className="admin-grid admin-grid--stats admin-grid--3">
          <Stat label="Opening" value={formatRupees(float.opening)} />
          <Stat label="Movements" value={formatRupees(float.movements)} />
          <Stat label="Closing" value={formatRupees(float.closing)} />
        </div>
      </Card>
      <Card className="admin-card" title="Money in and out of wallets">
        <div className="admin-grid admin-grid--stats admin-grid--4">
          <Stat
            label="Fund requests (Khata)"
            value={formatRupees(credits.fundRequests.amount)}
            note={counted(credits.fundRequests)}
          />
          <Stat
            label="Fund requests (uplines)"
            value={formatRupees(credits.fundRequestsFromUplines.amount)}
            note={counted(credits.fundRequestsFromUplines)}
          />
          <Stat
            label="Admin credits"
            value={formatRupees(credits.adminCredits.amount)}
            note={counted(credits.adminCredits)}
          />
          <Stat
            label="Compensation"
            value={formatRupees(credits.compensation.amount)}
            note={counted(credits.compensation)}
          />
          <Stat
            label="Payment gateway"
            value={formatRupees(credits.paymentGateway.amount)}
            note="Not built yet"
          />
          <Stat
            label="Admin debits"
            value={formatRupees(debits.adminDebits.amount)}
            note={counted(debits.adminDebits)}
          />
          <Stat
            label="Wallet transfers"
            value={formatRupees(transfers.amount)}
            note={counted(transfers)}
          />
          <Stat
            label="Paid to banks"
            value={formatRupees(stats.paidToBanks)}
            note={
              stats.aeps.withdrawals.count + stats.aeps.aadhaarPay.count > 0
                ? 'Less the AEPS money the banks owe Khata'
                : undefined
            }
          />
        </div>
      </Card>
      <AepsFigures aeps={stats.aeps} />
      <BbpsMonthFigures bbps={stats.bbps} />
      <Card className="admin-card" title="Fees, commissions and taxes">
        <div className="admin-grid admin-grid--stats admin-grid--4">
          <Stat label="Fees charged" value={formatRupees(fees.charged)} />
          <Stat label="Company income" value={formatRupees(fees.companyIncome)} />
          <Stat label="Commissions (net)" value={formatRupees(fees.commissions)} />
          <Stat label="TDS payable" value={formatRupees(fees.tds)} />
          <Stat label="GST payable" value={formatRupees(fees.gst)} />
        </div>
      </Card>
      <div className="admin-grid admin-grid--2">
        <StatusTable title="Payouts by status" rows={stats.payouts} />
        <StatusTable title="AEPS settlements by status" rows={stats.aepsSettlements} />
        <StatusTable title="Money transfers (DMT) by status" rows={stats.dmtTransfers} />
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
  return (
    <Card className="admin-card" title="AEPS at the counter" data-testid="monthly-aeps">
      <div className="admin-grid admin-grid--stats admin-grid--4">
        <Stat
          label="Cash withdrawals"
          value={formatRupees(aeps.withdrawals.amount)}
          note={counted(aeps.withdrawals)}
        />
        <Stat
          label="Commission paid on withdrawals"
          value={formatRupees(aeps.withdrawals.commission)}
          note="To shops and uplines, TDS included"
        />
        <Stat
          label="Aadhaar Pay"
          value={formatRupees(aeps.aadhaarPay.amount)}
          note={counted(aeps.aadhaarPay)}
        />
        <Stat
          label="Aadhaar Pay fees"
          value={formatRupees(aeps.aadhaarPay.fee)}
          note="Charged to shops, GST included"
        />
      </div>
    </Card>
  );
}

function StatusTable({ title, rows }: { title: string; rows: StatusFigure[] }) {
  return (
    <Card className="admin-card" title={title}>
      <Table<StatusFigure>
        size="small"
        rowKey="status"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'None this month' }}
        columns={[
          { title: 'Status', dataIndex: 'status', render: (status: string) => statusLabel(status) },
          { title: 'Count', dataIndex: 'count', align: 'right' },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number) => formatRupees(amount),
          },
          {
            title: 'Fees',
            dataIndex: 'fee',
            align: 'right',
            render: (fee: number) => formatRupees(fee),
          },
        ]}
      />
    </Card>
  );
}
