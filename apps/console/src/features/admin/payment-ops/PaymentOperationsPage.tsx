import { useState } from 'react';
import { Alert, App, Button, Card, Input, Radio, Segmented, Select, Statistic, Tag } from 'antd';
import {
  CUSTOMER_MESSAGE_MAX,
  DEFAULT_FAILED_CUSTOMER_MESSAGE,
  plural,
  RESOLVE_REASON_MAX,
  type PaymentOperation,
  type PaymentOperationsRequest,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
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
import './payment-ops.css';

type Kind = NonNullable<PaymentOperationsRequest['kind']>;

const KINDS: { label: string; value: Kind }[] = [
  { label: 'All', value: '' },
  { label: 'Bank payouts', value: 'payout' },
  { label: 'AEPS settlements', value: 'aepsSettlement' },
];

const AGES = [
  { label: 'Asked for 10+ minutes ago', value: 10 },
  { label: 'Asked for 1+ hour ago', value: 60 },
  { label: 'Every payout still out', value: 0 },
];

/** "2 d 3 h", "3 h 12 min", "8 min": how long ago a payout was asked for. */
export function ageText(from: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(from)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

/** The regulator's clock of one row, in words. */
function Deadline({ row, now }: { row: PaymentOperation; now: string }) {
  let tag;
  if (row.state === 'returnedLate') {
    tag = <Tag color="red">Back {plural(row.daysLate, 'day')} late</Tag>;
  } else if (row.daysLate > 0) {
    tag = <Tag color="red">{plural(row.daysLate, 'day')} late</Tag>;
  } else {
    const hours = Math.max(0, Math.floor((Date.parse(row.deadline) - Date.parse(now)) / 3_600_000));
    tag = <Tag color={hours < 6 ? 'orange' : 'default'}>Due in {plural(hours, 'hour')}</Tag>;
  }
  return (
    <span className="payment-ops__deadline" data-testid="operation-deadline">
      {tag}
      <span className="report-table__sub">by {formatDateTime(row.deadline)}</span>
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
      title: 'Return by (T + 1)',
      render: (row) => <Deadline row={row} now={now} />,
    },
    {
      key: 'payment',
      title: 'Payment',
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
      title: 'Payer',
      render: (row) => (
        <>
          {row.user.name}
          <span className="report-table__sub">{row.user.mobile}</span>
        </>
      ),
    },
    {
      key: 'beneficiary',
      title: 'Beneficiary',
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
      title: 'At the bank',
      render: (row) => (
        <>
          <Tag color={statusTone(row.record.status)}>{statusLabel(row.record.status)}</Tag>
          <span className="report-table__sub">
            {row.state === 'open'
              ? `${ageText(row.record.createdAt, now)} · sent ${plural(row.sends, 'time')}, checked ${plural(row.statusChecks, 'time')}`
              : `Money back ${formatDateTime(row.returnedAt)}`}
          </span>
        </>
      ),
    },
    {
      key: 'compensation',
      title: 'Compensation',
      align: 'right',
      render: (row) =>
        row.compensationPaid ? (
          <span data-testid="compensation-paid">
            <Tag color="green">Paid</Tag>
            <span className="report-table__sub">
              Compensation paid {formatRupees(row.compensationPaid.amount)} on{' '}
              {formatDateTime(row.compensationPaid.at)} by{' '}
              {row.compensationPaid.by.name ?? row.compensationPaid.by.mobile ?? 'an admin'}
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
      title: 'Actions',
      cardLabel: null,
      render: (row) =>
        row.state === 'open' ? (
          <span className="payment-ops__actions">
            <Button
              size="small"
              loading={check.isPending && check.variables === row.record._id}
              onClick={() => checkStatus(row)}
            >
              Check status
            </Button>
            <Button
              size="small"
              type="primary"
              disabled={row.resolveBlocked !== null}
              title={
                row.resolveBlocked?.reason === 'send-in-flight'
                  ? `Sent to the bank moments ago: settle by hand after ${formatDateTime(row.resolveBlocked.until)}.`
                  : row.resolveBlocked
                    ? 'Not yet sent to the bank: check its status first.'
                    : undefined
              }
              onClick={() => setResolving(row)}
            >
              Resolve…
            </Button>
          </span>
        ) : row.compensationPaid ? (
          <span className="report-table__sub">{row.compensationPaid.orderID}</span>
        ) : (
          <Button size="small" type="primary" onClick={() => setCompensating(row)}>
            Pay compensation
          </Button>
        ),
    },
  ];

  return (
    <AdminPage
      title="Payment Operations"
      intro="Payouts and AEPS settlements the bank has not settled, and failures whose money came back late. A payment that does not reach its beneficiary must be back with the customer by the end of the next day (T + 1, India calendar days, Sundays and holidays included); each day later costs ₹100 in compensation. The most urgent come first. AEPS withdrawals a customer's bank debited but failed are listed on their own below."
      actions={
        <Button onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      }
    >
      <div className="payment-ops__summary">
        <Card size="small">
          <Statistic title="Waiting at the bank" value={list.data?.totals.open ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic title="Past the deadline" value={list.data?.totals.overdue ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic
            title="Compensation due (unpaid)"
            value={list.data ? formatRupees(list.data.totals.compensation) : '—'}
          />
        </Card>
      </div>
      <div className="payment-ops__filters">
        <Segmented<Kind> options={KINDS} value={kind} onChange={setKind} />
        <Select
          aria-label="How old"
          value={olderThanMinutes}
          options={AGES}
          onChange={setOlderThanMinutes}
          popupMatchSelectWidth={false}
        />
      </div>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <CheckPaidPayout />
      <ReportTable<PaymentOperation>
        label="Payments that need someone"
        rows={list.data?.data ?? []}
        rowKey={(row) => row.record._id}
        columns={columns}
        loading={list.isFetching && !list.data}
        emptyText="Nothing is waiting: every payment has an answer from the bank, in time."
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
  const { message } = App.useApp();
  const check = useCheckPaidPayout();
  const [typed, setTyped] = useState('');
  return (
    <Input.Search
      className="payment-ops__check-paid"
      aria-label="Check a paid payout: order id or UTR"
      placeholder="Paid, then returned? Order id or UTR"
      enterButton="Check status"
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
      title="Settle this payment by hand"
      okText={status === 'failed' ? 'Mark failed' : 'Mark paid'}
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
          {formatRupees(row.record.amount.amount)} to {row.record.counterparty.name ?? '—'} (
          {row.record.counterparty.reference}), {row.record.payload.orderID}. Khata asks the bank
          once more first; its answer wins over yours. The internal reason goes to the audit log
          only;{' '}
          {status === 'failed'
            ? 'the customer sees the message below on the receipt.'
            : 'the customer sees the UTR on the receipt.'}
        </p>
      )}
      <Radio.Group
        className="payment-ops__field"
        value={status}
        onChange={(event) => setStatus(event.target.value as 'processed' | 'failed')}
        options={[
          { label: 'Failed: give the money back', value: 'failed' },
          { label: 'Paid: the bank has a UTR', value: 'processed' },
        ]}
      />
      {status === 'processed' && (
        <label className="payment-ops__field">
          <span>UTR</span>
          <Input value={utr} maxLength={35} onChange={(event) => setUtr(event.target.value)} />
        </label>
      )}
      <label className="payment-ops__field">
        <span>
          Internal reason, for the audit log (at least 10 characters; not shown to the customer)
        </span>
        <Input.TextArea
          value={reason}
          maxLength={RESOLVE_REASON_MAX}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      {status === 'failed' && (
        <label className="payment-ops__field">
          <span>Message on the customer&rsquo;s receipt (the customer sees this)</span>
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
  const { message } = App.useApp();
  const pay = usePayCompensation();
  const close = () => {
    pay.reset();
    onClose();
  };
  return (
    <PinConfirmModal
      open={row !== undefined}
      title="Pay the compensation"
      okText={row ? `Pay ${formatRupees(row.compensation)}` : 'Pay'}
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
          {row.record.payload.orderID} came back {plural(row.daysLate, 'day')} after T + 1:{' '}
          {formatRupees(row.compensation)} (₹100 a day) goes into {row.user.name}&rsquo;s wallet (
          {row.user.mobile}) from Khata&rsquo;s compensation account, once. The payment is kept in
          the ledger and the audit log.
        </p>
      )}
    </PinConfirmModal>
  );
}
