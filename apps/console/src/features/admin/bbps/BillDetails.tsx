import { Alert, Descriptions } from 'antd';
import { formatRupees } from '../common/money';
import type { BbpsBillDto } from './api';
import { formatBillDate } from './format';

/** What the exactness asks of the amount, in the shopkeeper's words. */
const EXACTNESS_TEXT: Record<string, string> = {
  EXACT: 'This biller takes the exact bill amount only.',
  EXACT_AND_ABOVE: 'You may pay the bill amount or more.',
  EXACT_AND_BELOW: 'You may pay the bill amount or part of it.',
  ANY: 'You may pay any amount.',
};

/**
 * A fetched bill as the biller gave it: the customer's name to read back to the customer before
 * taking money, the bill's number, dates and period, its amount, and the early or late amount.
 */
export function BillDetails({ bill }: { bill: BbpsBillDto }) {
  const items = [
    { key: 'name', label: 'Customer name', children: bill.customerName ?? '—' },
    { key: 'number', label: 'Bill number', children: bill.billNumber ?? '—' },
    { key: 'date', label: 'Bill date', children: formatBillDate(bill.billDate) },
    { key: 'due', label: 'Due date', children: formatBillDate(bill.dueDate) },
    { key: 'period', label: 'Bill period', children: bill.billPeriod ?? '—' },
    {
      key: 'amount',
      label: 'Bill amount',
      children: <strong data-testid="bbps-bill-amount">{formatRupees(bill.amount)}</strong>,
    },
    ...(bill.earlyAmount
      ? [
          {
            key: 'early',
            label: `Early payment (until ${formatBillDate(bill.earlyAmount.until)})`,
            children: formatRupees(bill.earlyAmount.amount),
          },
        ]
      : []),
    ...(bill.lateAmount !== null
      ? [{ key: 'late', label: 'After the due date', children: formatRupees(bill.lateAmount) }]
      : []),
  ];
  return (
    <section className="bbps-bill" aria-label="Fetched bill">
      <Descriptions column={1} bordered size="small" items={items} />
      <Alert
        className="bbps-alert bbps-bill__rule"
        type="info"
        showIcon
        title={EXACTNESS_TEXT[bill.exactness] ?? bill.exactness}
      />
    </section>
  );
}
