import { Card, Statistic, Tag, Typography } from 'antd';
import { plural, type AepsReversalOperation, type AepsReversals } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';

/** RBI's T + 5 clock of one debited failure, in words. */
function ReversalDeadline({ row }: { row: AepsReversalOperation }) {
  return (
    <span className="payment-ops__deadline" data-testid="aeps-reversal-deadline">
      {row.daysLate > 0 ? (
        <Tag color="red">{plural(row.daysLate, 'day')} late</Tag>
      ) : (
        <Tag>Not yet due</Tag>
      )}
      <span className="report-table__sub">by {formatDateTime(row.deadline)}</span>
    </span>
  );
}

const columns: ReportColumn<AepsReversalOperation>[] = [
  {
    key: 'deadline',
    title: 'Reverse by (T + 5)',
    render: (row) => <ReversalDeadline row={row} />,
  },
  {
    key: 'withdrawal',
    title: 'Withdrawal',
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
    title: 'Shop',
    render: (row) => (
      <>
        {row.shop.name}
        <span className="report-table__sub">{row.shop.mobile}</span>
      </>
    ),
  },
  {
    key: 'customer',
    title: 'Customer',
    render: (row) => (
      <>
        {row.aadhaar}
        <span className="report-table__sub">{row.bankName}</span>
      </>
    ),
  },
  {
    key: 'rrn',
    title: 'RRN',
    render: (row) => row.rrn ?? '—',
  },
  {
    key: 'exposure',
    title: 'Exposure',
    align: 'right',
    render: (row) => (
      <span data-testid="aeps-reversal-exposure">
        {row.exposure > 0 ? formatRupees(row.exposure) : '—'}
      </span>
    ),
  },
];

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
  return (
    <Card
      className="admin-card payment-ops__aeps"
      title="AEPS withdrawals debited but failed"
      data-testid="aeps-reversals"
    >
      <Typography.Paragraph className="admin-stat__note">
        The customer&rsquo;s bank took the money but the withdrawal failed, so the shop paid no
        cash. The bank must put the money back in the customer&rsquo;s account by the end of the
        fifth day after the withdrawal (T + 5, India calendar days); each day later it owes the
        customer ₹100. Khata pays nothing here: the exposure is what to chase with the AEPS
        provider, with the RRN.
      </Typography.Paragraph>
      <div className="payment-ops__summary">
        <Card size="small">
          <Statistic title="Waiting for reversal" value={reversals?.totals.count ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic title="Past T + 5" value={reversals?.totals.overdue ?? '—'} />
        </Card>
        <Card size="small">
          <Statistic
            title="Total exposure (the bank's, not Khata's)"
            value={reversals ? formatRupees(reversals.totals.exposure) : '—'}
          />
        </Card>
      </div>
      <ReportTable<AepsReversalOperation>
        label="AEPS withdrawals debited but failed"
        rows={reversals?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={loading}
        emptyText="No AEPS withdrawal in the last 30 days was debited and then failed."
        cardTitle={(row) => (
          <>
            {formatRupees(row.amount)} · AEPS cash withdrawal
            <span className="report-table__sub">{formatDateTime(row.createdAt)}</span>
          </>
        )}
      />
    </Card>
  );
}
