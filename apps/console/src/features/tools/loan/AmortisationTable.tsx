import { useTranslation } from 'react-i18next';
import type { Instalment } from '@khata/domain';
import { formatMoney } from '../../../i18n/format';

/**
 * Every instalment in one plain table that scrolls inside its card: a 40-year loan is 480
 * rows, light for the browser, and antd's Table would more than double the page's code.
 */
export function AmortisationTable({ schedule }: { schedule: Instalment[] }) {
  const { t } = useTranslation('tools');
  return (
    <section className="tool-card" aria-labelledby="loan-schedule-title">
      <h2 id="loan-schedule-title" className="tool-card__title">
        {t('loan.schedule.title')}
      </h2>
      <div className="loan-schedule" tabIndex={0} aria-labelledby="loan-schedule-title">
        <table className="loan-schedule__table">
          <thead>
            <tr>
              <th scope="col">{t('loan.schedule.month')}</th>
              <th scope="col">{t('loan.schedule.emi')}</th>
              <th scope="col">{t('loan.schedule.principal')}</th>
              <th scope="col">{t('loan.schedule.interest')}</th>
              <th scope="col">{t('loan.schedule.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {schedule.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.month}</th>
                <td>{formatMoney(row.payment)}</td>
                <td>{formatMoney(row.principal)}</td>
                <td>{formatMoney(row.interest)}</td>
                <td>{formatMoney(row.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
