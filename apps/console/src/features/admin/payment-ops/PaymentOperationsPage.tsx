import { useState } from 'react';
import { Alert, App, Button, Card, Input, Radio, Segmented, Select, Statistic, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_MESSAGE_MAX,
  DEFAULT_FAILED_CUSTOMER_MESSAGE,
  LATE_RETURN_COMPENSATION_PER_DAY,
  RESOLVE_REASON_MAX,
  type PaymentOperation,
  type PaymentOperationsRequest,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { formatCount } from '../../../i18n/format';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { statusLabel, statusTone, typeLabel } from '../transactions/labels';
import {
  useCheckPaidPayout,
  useCheckPayoutStatus,
  usePayCompensation,
  usePaymentOperations,
  useResolvePayout,
} from './api';
import { AepsReversalsSection } from './AepsReversalsSection';
import { wholeRupees } from './words';
import './payment-ops.css';

type Kind = NonNullable<PaymentOperationsRequest['kind']>;

function kindsOf(t: TFunction<'payment-ops'>): { label: string; value: Kind }[] {
  return [
    { label: t('filter.kind.all'), value: '' },
    { label: t('filter.kind.payout'), value: 'payout' },
    { label: t('filter.kind.aepsSettlement'), value: 'aepsSettlement' },
  ];
}

function agesOf(t: TFunction<'payment-ops'>): { label: string; value: number }[] {
  return [
    { label: t('filter.age.tenMinutes'), value: 10 },
    { label: t('filter.age.oneHour'), value: 60 },
    { label: t('filter.age.all'), value: 0 },
  ];
}

/** "2 d 3 h", "3 h 12 min", "8 min": how long ago a payout was asked for. */
export function ageText(t: TFunction<'payment-ops'>, from: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(from)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('age.days', { days, hours });
  if (hours > 0) return t('age.hours', { hours, minutes: minutes % 60 });
  return t('age.minutes', { minutes });
}

/** The regulator's clock of one row, in words. */
function Deadline({ row, now }: { row: PaymentOperation; now: string }) {
  const { t } = useTranslation('payment-ops');
  let tag;
  if (row.state === 'returnedLate') {
    tag = (
      <Tag color="red">
        {t('deadline.backLate', { count: row.daysLate, days: formatCount(row.daysLate) })}
      </Tag>
    );
  } else if (row.daysLate > 0) {
    tag = (
      <Tag color="red">
        {t('deadline.late', { count: row.daysLate, days: formatCount(row.daysLate) })}
      </Tag>
    );
  } else {
    const hours = Math.max(0, Math.floor((Date.parse(row.deadline) - Date.parse(now)) / 3_600_000));
    tag = (
      <Tag color={hours < 6 ? 'orange' : 'default'}>
        {t('deadline.dueIn', { count: hours, hours: formatCount(hours) })}
      </Tag>
    );
  }
  return (
    <span className="payment-ops__deadline" data-testid="operation-deadline">
      {tag}
      <span className="report-table__sub">
        {t('deadline.by', { time: formatDateTime(row.deadline) })}
      </span>
    </span>
  );
}

/** Issue 14 `/admin/paymentOperations` (ours): payouts that need an admin, deadline first. */
export function PaymentOperationsPage() {
  return (
    <RequireMenuItem item="paymentOperations">
      <PaymentOperations />
    </RequireMenuItem>
  );
}

function PaymentOperations() {
  const { t } = useTranslation('payment-ops');
  const { message } = App.useApp();
  const [kind, setKind] = useState<Kind>('');
  const [olderThanMinutes, setOlderThanMinutes] = useState(10);
  const list = usePaymentOperations({ kind, olderThanMinutes });
  const check = useCheckPayoutStatus();
  const [resolving, setResolving] = useState<PaymentOperation>();
  const [compensating, setCompensating] = useState<PaymentOperation>();
  const now = list.data?.now ?? new Date().toISOString();

  const checkStatus = (row: PaymentOperation) =>
    check.mutate(row.record._id, {
      onSuccess: (answer) => void message.info(answer.message),
      onError: (error) => void message.error(error.message),
    });

  const columns: ReportColumn<PaymentOperation>[] = [
    {
      key: 'deadline',
      title: t('column.deadline'),
      render: (row) => <Deadline row={row} now={now} />,
    },
    {
      key: 'payment',
      title: t('column.payment'),
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          <strong>{formatRupees(row.record.amount.amount)}</strong> {typeLabel(row.record.type)}
          <span className="report-table__sub">
            {row.record.payload.orderID} · {formatDateTime(row.record.createdAt)}
          </span>
        </>
      ),
    },
    {
      key: 'payer',
      title: t('column.payer'),
      render: (row) => (
        <>
          {row.user.name}
          <span className="report-table__sub">{row.user.mobile}</span>
        </>
      ),
    },
    {
      key: 'beneficiary',
      title: t('column.beneficiary'),
      render: (row) => (
        <>
          {row.record.counterparty.name ?? '—'}
          <span className="report-table__sub">
            {[row.record.counterparty.reference, row.paymentMode].filter(Boolean).join(' · ')}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      title: t('column.bank'),
      render: (row) => (
        <>
          <Tag color={statusTone(row.record.status)}>{statusLabel(row.record.status)}</Tag>
          <span className="report-table__sub">
            {row.state === 'open'
              ? t('bank.open', {
                  age: ageText(t, row.record.createdAt, now),
                  sends: t('bank.times', { count: row.sends, times: formatCount(row.sends) }),
                  checks: t('bank.times', {
                    count: row.statusChecks,
                    times: formatCount(row.statusChecks),
                  }),
                })
              : t('bank.moneyBack', { time: formatDateTime(row.returnedAt) })}
          </span>
        </>
      ),
    },
    {
      key: 'compensation',
      title: t('column.compensation'),
      align: 'right',
      render: (row) =>
        row.compensationPaid ? (
          <span data-testid="compensation-paid">
            <Tag color="green">{t('compensation.paidTag')}</Tag>
            <span className="report-table__sub">
              {t('compensation.paid', {
                amount: formatRupees(row.compensationPaid.amount),
                time: formatDateTime(row.compensationPaid.at),
                by:
                  row.compensationPaid.by.name ??
                  row.compensationPaid.by.mobile ??
                  t('compensation.anAdmin'),
              })}
            </span>
          </span>
        ) : row.compensation > 0 ? (
          formatRupees(row.compensation)
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      cardLabel: null,
      render: (row) =>
        row.state === 'open' ? (
          <span className="payment-ops__actions">
            <Button
              size="small"
              loading={check.isPending && check.variables === row.record._id}
              onClick={() => checkStatus(row)}
            >
              {t('action.checkStatus')}
            </Button>
            <Button
              size="small"
              type="primary"
              disabled={row.resolveBlocked !== null}
              title={
                row.resolveBlocked?.reason === 'send-in-flight'
                  ? t('action.blockedInFlight', {
                      time: formatDateTime(row.resolveBlocked.until),
                    })
                  : row.resolveBlocked
                    ? t('action.blockedNotSent')
                    : undefined
              }
              onClick={() => setResolving(row)}
            >
              {t('action.resolve')}
            </Button>
          </span>
        ) : row.compensationPaid ? (
          <span className="report-table__sub">{row.compensationPaid.orderID}</span>
        ) : (
          <Button size="small" type="primary" onClick={() => setCompensating(row)}>
            {t('action.payCompensation')}
          </Button>
        ),
    },
  ];

  return (
    <AdminPage
      title={t('title')}
      intro={t('intro', { perDay: wholeRupees(LATE_RETURN_COMPENSATION_PER_DAY) })}
      actions={
        <Button onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('refresh')}
        </Button>
      }
    >
      <div className="payment-ops__summary">
        <Card size="small">
          <Statistic title={t('summary.open')} value={list.data?.totals.open ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic title={t('summary.overdue')} value={list.data?.totals.overdue ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic
            title={t('summary.compensation')}
            value={list.data ? formatRupees(list.data.totals.compensation) : '—'}
          />
        </Card>
      </div>
      <div className="payment-ops__filters">
        <Segmented<Kind> options={kindsOf(t)} value={kind} onChange={setKind} />
        <Select
          aria-label={t('filter.age.label')}
          value={olderThanMinutes}
          options={agesOf(t)}
          onChange={setOlderThanMinutes}
          popupMatchSelectWidth={false}
        />
      </div>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <CheckPaidPayout />
      <ReportTable<PaymentOperation>
        label={t('table.label')}
        rows={list.data?.data ?? []}
        rowKey={(row) => row.record._id}
        columns={columns}
        loading={list.isFetching && !list.data}
        emptyText={t('table.empty')}
        cardTitle={(row) => (
          <>
            {formatRupees(row.record.amount.amount)} · {typeLabel(row.record.type)}
            <span className="report-table__sub">
              {row.record.payload.orderID} · {formatDateTime(row.record.createdAt)}
            </span>
          </>
        )}
      />
      <AepsReversalsSection
        reversals={list.data?.aepsReversals}
        loading={list.isFetching && !list.data}
      />
      <ResolveDialog row={resolving} onClose={() => setResolving(undefined)} />
      <CompensationDialog row={compensating} onClose={() => setCompensating(undefined)} />
    </AdminPage>
  );
}

/**
 * Issue 23: a paid payout the bank may since have returned is on no list; its order id or UTR
 * asks the bank now (a status enquiry, never a resend), and a return found is applied once.
 */
function CheckPaidPayout() {
  const { t } = useTranslation('payment-ops');
  const { message } = App.useApp();
  const check = useCheckPaidPayout();
  const [typed, setTyped] = useState('');
  return (
    <Input.Search
      className="payment-ops__check-paid"
      aria-label={t('checkPaid.label')}
      placeholder={t('checkPaid.placeholder')}
      enterButton={t('action.checkStatus')}
      maxLength={64}
      value={typed}
      loading={check.isPending}
      onChange={(event) => setTyped(event.target.value)}
      onSearch={(value) => {
        const query = value.trim();
        if (!query) return;
        check.mutate(query, {
          onSuccess: (answer) => void message.info(`${query}: ${answer.message}`),
          onError: (error) => void message.error(error.message),
        });
      }}
    />
  );
}

/** The manual resolution of the API: paid (with the UTR) or failed, a reason, the PIN. */
function ResolveDialog({ row, onClose }: { row?: PaymentOperation; onClose: () => void }) {
  const { t } = useTranslation('payment-ops');
  const { message } = App.useApp();
  const resolve = useResolvePayout();
  const [status, setStatus] = useState<'processed' | 'failed'>('failed');
  const [utr, setUtr] = useState('');
  const [reason, setReason] = useState('');
  const [customerMessage, setCustomerMessage] = useState(DEFAULT_FAILED_CUSTOMER_MESSAGE);
  const close = () => {
    resolve.reset();
    setStatus('failed');
    setUtr('');
    setReason('');
    setCustomerMessage(DEFAULT_FAILED_CUSTOMER_MESSAGE);
    onClose();
  };
  return (
    <PinConfirmModal
      open={row !== undefined}
      title={t('resolve.title')}
      okText={status === 'failed' ? t('resolve.markFailed') : t('resolve.markPaid')}
      danger={status === 'failed'}
      loading={resolve.isPending}
      error={resolve.error?.message}
      classNames={{ alert: 'payment-ops__alert', pin: 'payment-ops__field' }}
      onCancel={close}
      onConfirm={(pin) =>
        row &&
        resolve.mutate(
          {
            id: row.record._id,
            status,
            utr: utr.trim() || undefined,
            reason,
            ...(status === 'failed' && { customerMessage }),
            pin,
          },
          {
            onSuccess: (answer) => {
              void message.success(answer.message);
              close();
            },
          },
        )
      }
    >
      {row && (
        <p>
          {t(status === 'failed' ? 'resolve.text.failed' : 'resolve.text.paid', {
            amount: formatRupees(row.record.amount.amount),
            name: row.record.counterparty.name ?? '—',
            reference: row.record.counterparty.reference,
            order: row.record.payload.orderID,
          })}
        </p>
      )}
      <Radio.Group
        className="payment-ops__field"
        value={status}
        onChange={(event) => setStatus(event.target.value as 'processed' | 'failed')}
        options={[
          { label: t('resolve.failed'), value: 'failed' },
          { label: t('resolve.paid'), value: 'processed' },
        ]}
      />
      {status === 'processed' && (
        <label className="payment-ops__field">
          <span>{t('resolve.utr')}</span>
          <Input value={utr} maxLength={35} onChange={(event) => setUtr(event.target.value)} />
        </label>
      )}
      <label className="payment-ops__field">
        <span>{t('resolve.reason')}</span>
        <Input.TextArea
          value={reason}
          maxLength={RESOLVE_REASON_MAX}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      {status === 'failed' && (
        <label className="payment-ops__field">
          <span>{t('resolve.customerMessage')}</span>
          <Input.TextArea
            value={customerMessage}
            maxLength={CUSTOMER_MESSAGE_MAX}
            rows={2}
            onChange={(event) => setCustomerMessage(event.target.value)}
          />
        </label>
      )}
    </PinConfirmModal>
  );
}

/** Pays a late return's compensation into the payer's wallet: the amount is the server's. */
function CompensationDialog({ row, onClose }: { row?: PaymentOperation; onClose: () => void }) {
  const { t } = useTranslation('payment-ops');
  const { message } = App.useApp();
  const pay = usePayCompensation();
  const close = () => {
    pay.reset();
    onClose();
  };
  return (
    <PinConfirmModal
      open={row !== undefined}
      title={t('compensation.title')}
      okText={
        row
          ? t('compensation.payAmount', { amount: formatRupees(row.compensation) })
          : t('compensation.pay')
      }
      loading={pay.isPending}
      error={pay.error?.message}
      classNames={{ alert: 'payment-ops__alert', pin: 'payment-ops__field' }}
      onCancel={close}
      onConfirm={(pin) =>
        row &&
        pay.mutate(
          { id: row.record._id, pin },
          {
            onSuccess: (answer) => {
              void message.success(answer.message);
              close();
            },
          },
        )
      }
    >
      {row && (
        <p>
          {t('compensation.text', {
            count: row.daysLate,
            days: formatCount(row.daysLate),
            order: row.record.payload.orderID,
            amount: formatRupees(row.compensation),
            perDay: wholeRupees(LATE_RETURN_COMPENSATION_PER_DAY),
            name: row.user.name,
            mobile: row.user.mobile,
          })}
        </p>
      )}
    </PinConfirmModal>
  );
}
