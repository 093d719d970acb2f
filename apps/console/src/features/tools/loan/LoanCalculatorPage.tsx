import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { ToolPage } from '../ToolPage';
import { AmortisationTable } from './AmortisationTable';
import { LoanForm } from './LoanForm';
import { LoanSummary } from './LoanSummary';
import { PrincipalInterestChart } from './PrincipalInterestChart';
import { useLoanPlan, type LoanFormValues } from './useLoanPlan';
import './loan.css';

export function LoanCalculatorPage() {
  const { t } = useTranslation('tools');
  const [form] = Form.useForm<LoanFormValues>();
  const plan = useLoanPlan(form);
  return (
    <ToolPage
      title={t('loan.page.title')}
      current={AppPath.loanCalculator}
      intro={t('loan.page.intro')}
    >
      <div className="tool-layout">
        <section className="tool-card" aria-labelledby="loan-form-title">
          <h2 id="loan-form-title" className="tool-card__title">
            {t('loan.form.title')}
          </h2>
          <LoanForm form={form} />
        </section>
        <LoanSummary plan={plan} />
      </div>
      {plan && (
        <>
          <PrincipalInterestChart plan={plan} />
          <AmortisationTable schedule={plan.schedule} />
        </>
      )}
    </ToolPage>
  );
}
