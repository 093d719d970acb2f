import { formatPaise, splitByPeriod, type LoanPlan } from '@khata/domain';

// Month by month for loans up to two years; year by year for longer ones.
const MONTHLY_UP_TO = 24;
const WIDTH = 600;
const HEIGHT = 220;

/**
 * Principal and interest paid in each period as stacked columns, in plain SVG: interest
 * dominates the early years and principal the late ones.
 */
export function PrincipalInterestChart({ plan }: { plan: LoanPlan }) {
  const monthly = plan.schedule.length <= MONTHLY_UP_TO;
  const unit = monthly ? 'Month' : 'Year';
  const periods = splitByPeriod(plan.schedule, monthly ? 1 : 12);
  const tallest = Math.max(...periods.map((period) => period.principal + period.interest), 1);
  const slot = WIDTH / periods.length;
  const barWidth = Math.max(slot * 0.7, 1);
  const scale = (amount: number) => (amount / tallest) * HEIGHT;

  return (
    <section className="tool-card" aria-labelledby="loan-chart-title">
      <h2 id="loan-chart-title" className="tool-card__title">
        Principal and interest, {monthly ? 'month by month' : 'year by year'}
      </h2>
      <ul className="loan-chart__legend">
        <li className="loan-chart__key loan-chart__key--principal">Principal</li>
        <li className="loan-chart__key loan-chart__key--interest">Interest</li>
      </ul>
      <svg
        className="loan-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Principal and interest paid in each of ${periods.length} ${unit.toLowerCase()}s`}
      >
        {periods.map((period, index) => {
          const interestHeight = scale(period.interest);
          const principalHeight = scale(period.principal);
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={period.period}>
              <title>
                {`${unit} ${period.period}: principal ${formatPaise(period.principal)}, interest ${formatPaise(period.interest)}`}
              </title>
              <rect
                className="loan-chart__interest"
                x={x}
                y={HEIGHT - interestHeight}
                width={barWidth}
                height={interestHeight}
              />
              <rect
                className="loan-chart__principal"
                x={x}
                y={HEIGHT - interestHeight - principalHeight}
                width={barWidth}
                height={principalHeight}
              />
            </g>
          );
        })}
      </svg>
      <div className="loan-chart__axis" aria-hidden="true">
        <span>{unit} 1</span>
        <span>
          {unit} {periods.length}
        </span>
      </div>
    </section>
  );
}
