import { Trans, useTranslation } from 'react-i18next';
import type { LoanPlan } from '@khata/domain';
import { formatCount, formatMoney } from '../../../i18n/format';

/** The EMI and what the loan costs in all, with the principal/interest share as a bar. */
export function LoanSummary({ plan }: { plan: LoanPlan | undefined }) {
  const { t } = useTranslation('tools');
  const principal = plan ? plan.totalPayment - plan.totalInterest : 0;
  const interestShare = plan ? Math.round((plan.totalInterest / plan.totalPayment) * 1000) / 10 : 0;
  return (
    <section
      className="tool-card tool-result"
      aria-labelledby="loan-summary-title"
      aria-live="polite"
    >
      <h2 id="loan-summary-title" className="tool-card__title">
        {t('loan.summary.title')}
      </h2>
      {plan ? (
        <>
          <p className="tool-result__headline">
            <Trans
              t={t}
              i18nKey="loan.summary.perMonth"
              values={{ amount: formatMoney(plan.emi) }}
              components={{ unit: <span className="tool-result__unit" /> }}
            />
          </p>
          <dl className="tool-figures">
            <div>
              <dt>{t('loan.summary.principal')}</dt>
              <dd>{formatMoney(principal)}</dd>
            </div>
            <div>
              <dt>{t('loan.summary.totalInterest')}</dt>
              <dd>{formatMoney(plan.totalInterest)}</dd>
            </div>
            <div className="tool-figures__total">
              <dt>{t('loan.summary.totalPayment')}</dt>
              <dd>{formatMoney(plan.totalPayment)}</dd>
            </div>
          </dl>
          <div className="loan-share" aria-hidden="true">
            <span className="loan-share__principal" style={{ flexGrow: 100 - interestShare }} />
            <span className="loan-share__interest" style={{ flexGrow: interestShare }} />
          </div>
          <p className="tool-result__note">
            {t('loan.summary.note', { share: formatCount(interestShare), zero: formatMoney(0) })}
          </p>
        </>
      ) : (
        <p className="tool-result__empty">{t('loan.summary.empty')}</p>
      )}
    </section>
  );
}
