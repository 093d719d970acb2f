import { Card, Statistic, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  AEPS_LATE_REVERSAL_PER_DAY,
  type AepsReversalOperation,
  type AepsReversals,
} from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { wholeRupees } from './words';

/** RBI's T + 5 clock of one debited failure, in words. */
function ReversalDeadline({ row }: { row: AepsReversalOperation }) {
  const { t } = useTranslation('payment-ops');
  return (
    <span className="payment-ops__deadline" data-testid="aeps-reversal-deadline">
      {row.daysLate > 0 ? (
        <Tag color="red">
          {t('deadline.late', { count: row.daysLate, days: formatCount(row.daysLate) })}
        </Tag>
      ) : (
        <Tag>{t('aeps.notYetDue')}</Tag>
      )}
      <span className="report-table__sub">
        {t('deadline.by', { time: formatDateTime(row.deadline) })}
      </span>
    </span>
  );
}

function columnsOf(t: TFunction<'payment-ops'>): ReportColumn<AepsReversalOperation>[] {
  return [
    {
      key: 'deadline',
      title: t('aeps.column.deadline'),
      render: (row) => <ReversalDeadline row={row} />,
    },
    {
      key: 'withdrawal',
      title: t('aeps.column.withdrawal'),
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          <strong>{formatRupees(row.amount)}</strong>
          <span className="report-table__sub">{formatDateTime(row.createdAt)}</span>
        </>
      ),
    },
    {
      key: 'shop',
      title: t('aeps.column.shop'),
      render: (row) => (
        <>
          {row.shop.name}
          <span className="report-table__sub">{row.shop.mobile}</span>
        </>
      ),
    },
    {
      key: 'customer',
      title: t('aeps.column.customer'),
      render: (row) => (
        <>
          {row.aadhaar}
          <span className="report-table__sub">{row.bankName}</span>
        </>
      ),
    },
    {
      key: 'rrn',
      title: t('aeps.column.rrn'),
      render: (row) => row.rrn ?? '—',
    },
    {
      key: 'exposure',
      title: t('aeps.column.exposure'),
      align: 'right',
      render: (row) => (
        <span data-testid="aeps-reversal-exposure">
          {row.exposure > 0 ? formatRupees(row.exposure) : '—'}
        </span>
      ),
    },
  ];
}

/**
 * Issue 26: AEPS withdrawals the customer's bank debited but failed. Their own section, apart
 * from the payouts above: Khata moved no money on them and pays no compensation; the bank
 * reverses the debit, and what is shown is the exposure the operations team chases with the
 * AEPS provider (RBI's ₹100 a day after T + 5, owed by the bank to the customer).
 */
export function AepsReversalsSection({
  reversals,
  loading,
}: {
  reversals: AepsReversals | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('payment-ops');
  return (
    <Card
      className="admin-card payment-ops__aeps"
      title={t('aeps.title')}
      data-testid="aeps-reversals"
    >
      <Typography.Paragraph className="admin-stat__note">
        {t('aeps.note', { perDay: wholeRupees(AEPS_LATE_REVERSAL_PER_DAY) })}
      </Typography.Paragraph>
      <div className="payment-ops__summary">
        <Card size="small">
          <Statistic title={t('aeps.summary.count')} value={reversals?.totals.count ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic title={t('aeps.summary.overdue')} value={reversals?.totals.overdue ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic
            title={t('aeps.summary.exposure')}
            value={reversals ? formatRupees(reversals.totals.exposure) : '—'}
          />
        </Card>
      </div>
      <ReportTable<AepsReversalOperation>
        label={t('aeps.title')}
        rows={reversals?.data ?? []}
        rowKey={(row) => row.id}
        columns={columnsOf(t)}
        loading={loading}
        emptyText={t('aeps.empty')}
        cardTitle={(row) => (
          <>
            {t('aeps.cardTitle', { amount: formatRupees(row.amount) })}
            <span className="report-table__sub">{formatDateTime(row.createdAt)}</span>
          </>
        )}
      />
    </Card>
  );
}
