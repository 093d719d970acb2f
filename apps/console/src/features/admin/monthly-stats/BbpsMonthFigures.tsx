import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonthlyStats } from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { formatRupees } from '../common/money';
import { Stat } from './Stat';

/**
 * Issue 27: bill payments through Bharat BillPay asked for in the month. "Paid" is what the
 * Bill Payment Report totals for the month (count, amount, CCF, the shops' gross commission);
 * pending bills still hold the shops' money, failed ones gave it back.
 */
export function BbpsMonthFigures({ bbps }: { bbps: MonthlyStats['bbps'] }) {
  const { t } = useTranslation('monthly-stats');
  const bills = (count: number) => t('bbps.bills', { count, n: formatCount(count) });
  return (
    <Card className="admin-card" title={t('bbps.title')} data-testid="monthly-bbps">
      <div className="admin-grid admin-grid--stats admin-grid--4">
        <Stat
          label={t('bbps.paid')}
          value={formatRupees(bbps.paid.amount)}
          note={bills(bbps.paid.count)}
        />
        <Stat label={t('bbps.ccf')} value={formatRupees(bbps.paid.ccf)} note={t('bbps.ccfNote')} />
        <Stat
          label={t('bbps.commission')}
          value={formatRupees(bbps.paid.commission)}
          note={t('bbps.commissionNote')}
        />
        <Stat
          label={t('bbps.pending')}
          value={formatRupees(bbps.pending.amount)}
          note={t('bbps.pendingNote', {
            pending: bills(bbps.pending.count),
            failed: bills(bbps.failed.count),
          })}
        />
      </div>
    </Card>
  );
}
