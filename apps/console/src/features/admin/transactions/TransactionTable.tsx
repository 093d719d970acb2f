import { Button, Tag, type TablePaginationConfig } from 'antd';
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
export function headlineOf(record: TransactionRecord): string {
  const other = record.counterparty;
  const kind = typeLabel(record.type);
  if (!other.name) return kind;
  return `${kind} ${record.direction === 'credit' ? 'from' : 'to'} ${other.name}`;
}

/** The other side: "To Asha Verma · XXXX1234", "From Ravi Kumar · 9000000003". */
function detailsOf(record: TransactionRecord): string {
  const other = record.counterparty;
  const prefix = record.direction === 'credit' ? 'From ' : record.direction ? 'To ' : '';
  const name = other.name ? `${prefix}${other.name}` : null;
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
function balanceChange(record: TransactionRecord) {
  if (record.onHold)
    return <span className="admin-amount">{formatRupees(record.onHold)} on hold</span>;
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
  const userColumn: ReportColumn<ReportRecord> = {
    key: 'user',
    title: 'User',
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
      title: compact ? 'Date' : 'Date · Order ID',
      cardLabel: 'Date',
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
            title: 'Order ID',
            hideOnTable: true,
            render: (record: TransactionRecord) => record.payload?.orderID ?? '—',
          },
        ]),
    ...(showUser ? [userColumn] : []),
    {
      key: 'details',
      title: 'Details',
      hideOnCard: true,
      render: (record) => (
        <>
          {typeLabel(record.type)}
          <span className="report-table__sub">{detailsOf(record)}</span>
        </>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (record) => signed(record.amount?.amount, amountTone(record)),
    },
    ...(compact
      ? []
      : [
          {
            key: 'fee',
            title: 'Fee',
            align: 'right' as const,
            render: (record: TransactionRecord) => (
              <span className="admin-amount">{formatRupees(record.fee ?? 0)}</span>
            ),
          },
          {
            key: 'balanceChange',
            title: 'Balance change',
            align: 'right' as const,
            render: balanceChange,
          },
        ]),
    {
      key: 'status',
      title: 'Status',
      render: (record) => <Tag color={statusTone(record.status)}>{statusLabel(record.status)}</Tag>,
    },
    ...(compact
      ? []
      : [
          {
            key: 'balanceAfter',
            title: 'Balance after',
            align: 'right' as const,
            render: (record: TransactionRecord) => (
              <span className="admin-amount">{formatRupees(record.balanceAfter)}</span>
            ),
          },
        ]),
    {
      key: 'receipt',
      title: <span className="visually-hidden">Receipt</span>,
      cardLabel: null,
      render: (record) => (
        <Button
          type="link"
          size="small"
          aria-label={`Receipt of ${record.payload?.orderID ?? 'this transaction'}`}
          onClick={() => onOpen(record)}
        >
          Receipt
        </Button>
      ),
    },
  ];

  return (
    <ReportTable<ReportRecord>
      label="Transactions"
      rowKey={(record) => `${record._id}:${record.user?.id ?? ''}`}
      columns={columns}
      rows={records}
      loading={loading}
      pagination={pagination}
      emptyText="No transactions found."
      cardTitle={(record) => {
        const other = record.counterparty;
        return other.reference ? `${headlineOf(record)} · ${other.reference}` : headlineOf(record);
      }}
    />
  );
}
