import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BbpsExactness } from '@khata/domain';
import { formatRupees } from '../common/money';
import type { BbpsBillDto } from './api';
import { billDate } from './words';

/** What the exactness asks of the amount, in the shopkeeper's words. */
const EXACTNESS_KEYS = {
  EXACT: 'bill.exactness.exact',
  EXACT_AND_ABOVE: 'bill.exactness.exactAndAbove',
  EXACT_AND_BELOW: 'bill.exactness.exactAndBelow',
  ANY: 'bill.exactness.any',
} as const satisfies Record<BbpsExactness, string>;

/**
 * A fetched bill as the biller gave it: the customer's name to read back to the customer before
 * taking money, the bill's number, dates and period, its amount, and the early or late amount.
 */
export function BillDetails({ bill }: { bill: BbpsBillDto }) {
  const { t } = useTranslation('bbps');
  const items = [
    { key: 'name', label: t('bill.customerName'), children: bill.customerName ?? '—' },
    { key: 'number', label: t('bill.billNumber'), children: bill.billNumber ?? '—' },
    { key: 'date', label: t('bill.billDate'), children: billDate(bill.billDate) },
    { key: 'due', label: t('bill.dueDate'), children: billDate(bill.dueDate) },
    { key: 'period', label: t('bill.billPeriod'), children: bill.billPeriod ?? '—' },
    {
      key: 'amount',
      label: t('bill.billAmount'),
      children: <strong data-testid="bbps-bill-amount">{formatRupees(bill.amount)}</strong>,
    },
    ...(bill.earlyAmount
      ? [
          {
            key: 'early',
            label: t('bill.early', { date: billDate(bill.earlyAmount.until) }),
            children: formatRupees(bill.earlyAmount.amount),
          },
        ]
      : []),
    ...(bill.lateAmount !== null
      ? [{ key: 'late', label: t('bill.late'), children: formatRupees(bill.lateAmount) }]
      : []),
  ];
  return (
    <section className="bbps-bill" aria-label={t('bill.label')}>
      <Descriptions column={1} bordered size="small" items={items} />
      <Alert
        className="bbps-alert bbps-bill__rule"
        type="info"
        showIcon
        title={t(EXACTNESS_KEYS[bill.exactness])}
      />
    </section>
  );
}
