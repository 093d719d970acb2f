import { Card } from 'antd';
import { plural, type MonthlyStats } from '@khata/domain';
import { formatRupees } from '../common/money';
import { Stat } from './Stat';

const bills = (count: number) => plural(count, 'bill');

/**
 * Issue 27: bill payments through Bharat BillPay asked for in the month. "Paid" is what the
 * Bill Payment Report totals for the month (count, amount, CCF, the shops' gross commission);
 * pending bills still hold the shops' money, failed ones gave it back.
 */
export function BbpsMonthFigures({ bbps }: { bbps: MonthlyStats['bbps'] }) {
  return (
    <Card className="admin-card" title="Bill payments (BBPS)" data-testid="monthly-bbps">
      <div className="admin-grid admin-grid--stats admin-grid--4">
        <Stat
          label="Bills paid"
          value={formatRupees(bbps.paid.amount)}
          note={bills(bbps.paid.count)}
        />
        <Stat
          label="CCF on paid bills"
          value={formatRupees(bbps.paid.ccf)}
          note="Collected for the BBPS operating unit"
        />
        <Stat
          label="Shops’ commission"
          value={formatRupees(bbps.paid.commission)}
          note="Gross, TDS included; uplines’ apart"
        />
        <Stat
          label="Pending with BBPS"
          value={formatRupees(bbps.pending.amount)}
          note={`${bills(bbps.pending.count)}; ${bills(bbps.failed.count)} failed`}
        />
      </div>
    </Card>
  );
}
