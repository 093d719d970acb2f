import { Form } from 'antd';
import { AppPath } from '../../../app/paths';
import { ToolPage } from '../ToolPage';
import { AmortisationTable } from './AmortisationTable';
import { LoanForm } from './LoanForm';
import { LoanSummary } from './LoanSummary';
import { PrincipalInterestChart } from './PrincipalInterestChart';
import { useLoanPlan, type LoanFormValues } from './useLoanPlan';
import './loan.css';

export function LoanCalculatorPage() {
  const [form] = Form.useForm<LoanFormValues>();
  const plan = useLoanPlan(form);
  return (
    <ToolPage
      title="Loan EMI calculator"
      current={AppPath.loanCalculator}
      intro="Planning stock for the festive season or a new shop counter? Enter the loan amount, the yearly interest rate and the tenure to see your monthly instalment, what the loan costs in interest, and how each instalment splits between principal and interest."
    >
      <div className="tool-layout">
        <section className="tool-card" aria-labelledby="loan-form-title">
          <h2 id="loan-form-title" className="tool-card__title">
            Your loan
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
