import { formatPaise, type Instalment } from '@khata/domain';

/**
 * Every instalment in one plain table that scrolls inside its card: a 40-year loan is 480
 * rows, light for the browser, and antd's Table would more than double the page's code.
 */
export function AmortisationTable({ schedule }: { schedule: Instalment[] }) {
  return (
    <section className="tool-card" aria-labelledby="loan-schedule-title">
      <h2 id="loan-schedule-title" className="tool-card__title">
        Repayment schedule
      </h2>
      <div className="loan-schedule" tabIndex={0} aria-labelledby="loan-schedule-title">
        <table className="loan-schedule__table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">EMI</th>
              <th scope="col">Principal</th>
              <th scope="col">Interest</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {schedule.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.month}</th>
                <td>{formatPaise(row.payment)}</td>
                <td>{formatPaise(row.principal)}</td>
                <td>{formatPaise(row.interest)}</td>
                <td>{formatPaise(row.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
