import { Button, Tag, type TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import type { ReportParty, TransactionRecord } from '@khata/domain';
import { isFailedStatus, statusLabel, statusTone, typeLabel } from './labels';

/** A record, with whose side it is when a report holds other users' (the report engine's rows). */
export type ReportRecord = TransactionRecord & { user?: ReportParty };

export interface TransactionTableProps {
  records: ReportRecord[];
  loading: boolean;
  onOpen: (record: ReportRecord) => void;
  /** A column naming whose row it is (a report over other users). */
  showUser?: boolean;
  pagination?: TablePaginationConfig | false;
  /** Fewer columns, for the dashboard. */
  compact?: boolean;
}

/** What the transaction was, in words: "Bank payout to Asha Verma", "Wallet transfer from …". */
export function headlineOf(record: TransactionRecord, t: TFunction<'transactions'>): string {
  const other = record.counterparty;
  const kind = typeLabel(record.type);
  if (!other.name) return kind;
  return record.direction === 'credit'
    ? t('table.headlineFrom', { kind, name: other.name })
    : t('table.headlineTo', { kind, name: other.name });
}

/** The other side: "To Asha Verma · XXXX1234", "From Ravi Kumar · 9000000003". */
function detailsOf(record: TransactionRecord, t: TFunction<'transactions'>): string {
  const other = record.counterparty;
  const name = !other.name
    ? null
    : record.direction === 'credit'
      ? t('table.from', { name: other.name })
      : record.direction
        ? t('table.to', { name: other.name })
        : other.name;
  return [name, other.reference].filter(Boolean).join(' · ') || '—';
}

function signed(rupees: number | undefined, tone: 'debit' | 'credit' | 'none') {
  const sign = tone === 'credit' ? '+' : tone === 'debit' ? '−' : '';
  return (
    <span className={`admin-amount admin-amount--${tone}`}>
      {sign}
      {formatRupees(rupees)}
    </span>
  );
}

/**
 * How the amount reads: a failed or reversed payment moved no money in the end (its hold was
 * let go, or the money came back), so it is neither a debit nor a credit; its status says
 * Failed or Reversed (issue 23: a failed payout read as a red debit on the dashboard).
 */
function amountTone(record: TransactionRecord): 'debit' | 'credit' | 'none' {
  if (isFailedStatus(record.status)) return 'none';
  if (record.direction === 'credit') return 'credit';
  return record.direction === 'debit' ? 'debit' : 'none';
}

/** What the transaction did to the balance, fee included: the same figure the ledger adds up. */
function balanceChange(record: TransactionRecord, t: TFunction<'transactions'>) {
  if (record.onHold)
    return (
      <span className="admin-amount">
        {t('table.onHold', { amount: formatRupees(record.onHold) })}
      </span>
    );
  if (record.balanceChange === undefined) return '—';
  if (record.balanceChange === 0) return <span className="admin-amount">{formatRupees(0)}</span>;
  return record.balanceChange > 0
    ? signed(record.balanceChange, 'credit')
    : signed(-record.balanceChange, 'debit');
}

/** The user's transactions; each opens its receipt. A list of cards on a phone. */
export function TransactionTable({
  records,
  loading,
  onOpen,
  pagination = false,
  compact = false,
  showUser = false,
}: TransactionTableProps) {
  const { t } = useTranslation('transactions');
  const userColumn: ReportColumn<ReportRecord> = {
    key: 'user',
    title: t('table.user'),
    render: (record) => (
      <>
        {record.user?.name ?? '—'}
        <span className="report-table__sub">{record.user?.mobile}</span>
      </>
    ),
  };
  const columns: ReportColumn<ReportRecord>[] = [
    {
      key: 'date',
      title: compact ? t('table.date') : t('table.dateOrderId'),
      cardLabel: t('table.date'),
      render: (record) => formatDateTime(record.createdAt),
      tableRender: (record) => (
        <>
          {formatDateTime(record.createdAt)}
          {!compact && <span className="report-table__sub">{record.payload?.orderID}</span>}
        </>
      ),
    },
    ...(compact
      ? []
      : [
          {
            key: 'order',
            title: t('table.orderId'),
            hideOnTable: true,
            render: (record: TransactionRecord) => record.payload?.orderID ?? '—',
          },
        ]),
    ...(showUser ? [userColumn] : []),
    {
      key: 'details',
      title: t('table.details'),
      hideOnCard: true,
      render: (record) => (
        <>
          {typeLabel(record.type)}
          <span className="report-table__sub">{detailsOf(record, t)}</span>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('table.amount'),
      align: 'right',
      render: (record) => signed(record.amount?.amount, amountTone(record)),
    },
    ...(compact
      ? []
      : [
          {
            key: 'fee',
            title: t('table.fee'),
            align: 'right' as const,
            render: (record: TransactionRecord) => (
              <span className="admin-amount">{formatRupees(record.fee ?? 0)}</span>
            ),
          },
          {
            key: 'balanceChange',
            title: t('table.balanceChange'),
            align: 'right' as const,
            render: (record: TransactionRecord) => balanceChange(record, t),
          },
        ]),
    {
      key: 'status',
      title: t('table.status'),
      render: (record) => <Tag color={statusTone(record.status)}>{statusLabel(record.status)}</Tag>,
    },
    ...(compact
      ? []
      : [
          {
            key: 'balanceAfter',
            title: t('table.balanceAfter'),
            align: 'right' as const,
            render: (record: TransactionRecord) => (
              <span className="admin-amount">{formatRupees(record.balanceAfter)}</span>
            ),
          },
        ]),
    {
      key: 'receipt',
      title: <span className="visually-hidden">{t('table.receipt')}</span>,
      cardLabel: null,
      render: (record) => (
        <Button
          type="link"
          size="small"
          aria-label={
            record.payload?.orderID
              ? t('table.receiptOf', { orderId: record.payload.orderID })
              : t('table.receiptOfThis')
          }
          onClick={() => onOpen(record)}
        >
          {t('table.receipt')}
        </Button>
      ),
    },
  ];

  return (
    <ReportTable<ReportRecord>
      label={t('table.label')}
      rowKey={(record) => `${record._id}:${record.user?.id ?? ''}`}
      columns={columns}
      rows={records}
      loading={loading}
      pagination={pagination}
      emptyText={t('table.empty')}
      cardTitle={(record) => {
        const other = record.counterparty;
        const headline = headlineOf(record, t);
        return other.reference ? `${headline} · ${other.reference}` : headline;
      }}
    />
  );
}
