import { formatPaise, type LoanPlan } from '@khata/domain';

/** The EMI and what the loan costs in all, with the principal/interest share as a bar. */
export function LoanSummary({ plan }: { plan: LoanPlan | undefined }) {
  const principal = plan ? plan.totalPayment - plan.totalInterest : 0;
  const interestShare = plan ? Math.round((plan.totalInterest / plan.totalPayment) * 1000) / 10 : 0;
  return (
    <section
      className="tool-card tool-result"
      aria-labelledby="loan-summary-title"
      aria-live="polite"
    >
      <h2 id="loan-summary-title" className="tool-card__title">
        Your EMI
      </h2>
      {plan ? (
        <>
          <p className="tool-result__headline">
            {formatPaise(plan.emi)}
            <span className="tool-result__unit"> a month</span>
          </p>
          <dl className="tool-figures">
            <div>
              <dt>Principal</dt>
              <dd>{formatPaise(principal)}</dd>
            </div>
            <div>
              <dt>Total interest</dt>
              <dd>{formatPaise(plan.totalInterest)}</dd>
            </div>
            <div className="tool-figures__total">
              <dt>Total payment</dt>
              <dd>{formatPaise(plan.totalPayment)}</dd>
            </div>
          </dl>
          <div className="loan-share" aria-hidden="true">
            <span className="loan-share__principal" style={{ flexGrow: 100 - interestShare }} />
            <span className="loan-share__interest" style={{ flexGrow: interestShare }} />
          </div>
          <p className="tool-result__note">
            Interest is {interestShare}% of what you repay. The last instalment absorbs the rounding
            of the EMI to the paisa, so the balance ends at exactly ₹0.00.
          </p>
        </>
      ) : (
        <p className="tool-result__empty">
          Enter the loan amount, rate and tenure to see your EMI.
        </p>
      )}
    </section>
  );
}
