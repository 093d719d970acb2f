import { useTranslation } from 'react-i18next';
import { splitByPeriod, type LoanPlan } from '@khata/domain';
import { formatMoney } from '../../../i18n/format';

// Month by month for loans up to two years; year by year for longer ones.
const MONTHLY_UP_TO = 24;
const WIDTH = 600;
const HEIGHT = 220;

type Unit = 'monthly' | 'yearly';
const TITLE_KEYS = {
  monthly: 'loan.chart.monthly.title',
  yearly: 'loan.chart.yearly.title',
} as const satisfies Record<Unit, string>;
const LABEL_KEYS = {
  monthly: 'loan.chart.monthly.label',
  yearly: 'loan.chart.yearly.label',
} as const satisfies Record<Unit, string>;
const BAR_KEYS = {
  monthly: 'loan.chart.monthly.bar',
  yearly: 'loan.chart.yearly.bar',
} as const satisfies Record<Unit, string>;
const AXIS_KEYS = {
  monthly: 'loan.chart.monthly.axis',
  yearly: 'loan.chart.yearly.axis',
} as const satisfies Record<Unit, string>;

/**
 * Principal and interest paid in each period as stacked columns, in plain SVG: interest
 * dominates the early years and principal the late ones.
 */
export function PrincipalInterestChart({ plan }: { plan: LoanPlan }) {
  const { t } = useTranslation('tools');
  const monthly = plan.schedule.length <= MONTHLY_UP_TO;
  const unit: Unit = monthly ? 'monthly' : 'yearly';
  const periods = splitByPeriod(plan.schedule, monthly ? 1 : 12);
  const tallest = Math.max(...periods.map((period) => period.principal + period.interest), 1);
  const slot = WIDTH / periods.length;
  const barWidth = Math.max(slot * 0.7, 1);
  const scale = (amount: number) => (amount / tallest) * HEIGHT;

  return (
    <section className="tool-card" aria-labelledby="loan-chart-title">
      <h2 id="loan-chart-title" className="tool-card__title">
        {t(TITLE_KEYS[unit])}
      </h2>
      <ul className="loan-chart__legend">
        <li className="loan-chart__key loan-chart__key--principal">{t('loan.chart.principal')}</li>
        <li className="loan-chart__key loan-chart__key--interest">{t('loan.chart.interest')}</li>
      </ul>
      <svg
        className="loan-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t(LABEL_KEYS[unit], { periods: periods.length })}
      >
        {periods.map((period, index) => {
          const interestHeight = scale(period.interest);
          const principalHeight = scale(period.principal);
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={period.period}>
              <title>
                {t(BAR_KEYS[unit], {
                  period: period.period,
                  principal: formatMoney(period.principal),
                  interest: formatMoney(period.interest),
                })}
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
        <span>{t(AXIS_KEYS[unit], { period: 1 })}</span>
        <span>{t(AXIS_KEYS[unit], { period: periods.length })}</span>
      </div>
    </section>
  );
}
