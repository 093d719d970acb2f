import { useTranslation } from 'react-i18next';
import type { CurrencyRate } from './api';
import { formatRate, formatRateDate } from './format';
import { useCurrencyName } from './names';

/** Every rate of the table with the day it was set. */
export function RateTable({ rates }: { rates: CurrencyRate[] }) {
  const { t } = useTranslation('tools');
  const currencyName = useCurrencyName();
  return (
    <section className="tool-card" aria-labelledby="rate-table-title">
      <h2 id="rate-table-title" className="tool-card__title">
        {t('currency.table.title')}
      </h2>
      <table className="tool-table rate-table">
        <thead>
          <tr>
            <th scope="col">{t('currency.table.currency')}</th>
            <th scope="col">{t('currency.table.perUnit')}</th>
            <th scope="col">{t('currency.table.setOn')}</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.currency}>
              <th scope="row">
                {rate.currency}
                <span className="rate-table__name">{currencyName(rate.currency)}</span>
              </th>
              <td>{formatRate(rate.inrPerUnit)}</td>
              <td>{formatRateDate(rate.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
