import { Form, Input, Segmented, type FormInstance } from 'antd';
import { checkInterestRate, checkLoanAmount, checkTenure, type TenureUnit } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { loanFormDefaults, type LoanFormValues } from './useLoanPlan';

const tenureUnits: { label: string; value: TenureUnit }[] = [
  { label: 'Years', value: 'years' },
  { label: 'Months', value: 'months' },
];

/** The loan's three terms; the page recalculates as they change, so there is no submit. */
export function LoanForm({ form }: { form: FormInstance<LoanFormValues> }) {
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={loanFormDefaults}
      requiredMark={false}
      onFinish={() => undefined}
    >
      <Form.Item
        name="principal"
        label="Loan amount"
        rules={[ruleFrom(checkLoanAmount)]}
        extra="Up to ₹100 crore."
      >
        <Input prefix="₹" inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="annualRate"
        label="Interest rate (a year)"
        rules={[ruleFrom(checkInterestRate)]}
        extra="Reducing balance, as banks quote home, car and personal loans. 0 for interest-free."
      >
        <Input suffix="%" inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <div className="loan-form__tenure">
        <Form.Item
          name="tenure"
          label="Tenure"
          dependencies={['tenureUnit']}
          rules={[
            ({ getFieldValue }) =>
              ruleFrom((value) => checkTenure(value, getFieldValue('tenureUnit') as TenureUnit)),
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="tenureUnit" label={<span className="visually-hidden">Tenure in</span>}>
          <Segmented options={tenureUnits} aria-label="Tenure in" />
        </Form.Item>
      </div>
    </Form>
  );
}
