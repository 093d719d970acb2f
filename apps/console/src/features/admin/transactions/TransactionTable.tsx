import { Button, Table, Tag, type TableProps } from 'antd';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import type { TransactionRecord } from './api';
import { statusLabel, statusTone, typeLabel } from './labels';

export interface TransactionTableProps {
  records: TransactionRecord[];
  loading: boolean;
  onOpen: (record: TransactionRecord) => void;
  pagination?: TableProps<TransactionRecord>['pagination'];
  /** Fewer columns, for the dashboard. */
  compact?: boolean;
}

/** Who or where the money went: the beneficiary, or the other wallet. */
function counterparty(record: TransactionRecord): string {
  const data = record.payload?.data ?? {};
  const name = typeof data.beneficiaryName === 'string' ? data.beneficiaryName : '';
  const where =
    typeof data.beneficiaryAccountNumber === 'string'
      ? data.beneficiaryAccountNumber
      : typeof data.beneficiaryMobile === 'string'
        ? data.beneficiaryMobile
        : '';
  return [name, where].filter(Boolean).join(' · ') || '—';
}

/** The user's transactions; each opens its receipt. */
export function TransactionTable({
  records,
  loading,
  onOpen,
  pagination = false,
  compact = false,
}: TransactionTableProps) {
  const columns: TableProps<TransactionRecord>['columns'] = [
    {
      title: 'Date',
      key: 'date',
      render: (_, record) => formatDateTime(record.createdAt),
    },
    ...(compact
      ? []
      : [
          {
            title: 'Order ID',
            key: 'order',
            responsive: ['md' as const],
            render: (_: unknown, record: TransactionRecord) => record.payload?.orderID ?? '—',
          },
        ]),
    {
      title: 'Type',
      key: 'type',
      responsive: ['lg'],
      render: (_, record) => typeLabel(record.type),
    },
    {
      title: 'Details',
      key: 'details',
      responsive: ['sm'],
      render: (_, record) => counterparty(record),
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, record) => {
        const sign = record.direction === 'credit' ? '+' : record.direction === 'debit' ? '−' : '';
        return (
          <span className={`admin-amount admin-amount--${record.direction ?? 'none'}`}>
            {sign}
            {formatRupees(record.amount?.amount)}
          </span>
        );
      },
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, record) => (
        <Tag color={statusTone(record.status)}>{statusLabel(record.status)}</Tag>
      ),
    },
    ...(compact
      ? []
      : [
          {
            title: 'Balance after',
            key: 'balanceAfter',
            responsive: ['md' as const],
            align: 'right' as const,
            render: (_: unknown, record: TransactionRecord) => (
              <span className="admin-amount">{formatRupees(record.balanceAfter)}</span>
            ),
          },
        ]),
    {
      title: <span className="visually-hidden">Receipt</span>,
      key: 'receipt',
      render: (_, record) => (
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
    <Table<TransactionRecord>
      rowKey="_id"
      size="middle"
      columns={columns}
      dataSource={records}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No transactions found.' }}
    />
  );
}
