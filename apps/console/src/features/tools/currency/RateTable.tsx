import { CURRENCY_NAMES } from '@khata/domain';
import type { CurrencyRate } from './api';
import { formatRate, formatRateDate } from './format';

/** Every rate of the table with the day it was set. */
export function RateTable({ rates }: { rates: CurrencyRate[] }) {
  return (
    <section className="tool-card" aria-labelledby="rate-table-title">
      <h2 id="rate-table-title" className="tool-card__title">
        Today&apos;s rate table
      </h2>
      <table className="tool-table rate-table">
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">1 unit in rupees</th>
            <th scope="col">Set on</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.currency}>
              <th scope="row">
                {rate.currency}
                <span className="rate-table__name">{CURRENCY_NAMES[rate.currency]}</span>
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
