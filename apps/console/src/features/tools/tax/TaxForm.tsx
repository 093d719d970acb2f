import { Form, Input, type FormInstance } from 'antd';
import { checkSalary, checkTaxAmount, formatPaise, type TaxYear } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import type { TaxFormValues } from './useTaxComparison';

const rupees = (paise: number) => formatPaise(paise).replace(/\.00$/, '');

/** Income and the old regime's deductions; the comparison updates as they change. */
export function TaxForm({ form, year }: { form: FormInstance<TaxFormValues>; year: TaxYear }) {
  const caps = year.regimes.old.deductionCaps;
  const amountInput = <Input prefix="₹" inputMode="decimal" autoComplete="off" placeholder="0" />;
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => undefined}>
      <Form.Item
        name="salary"
        label="Salary for the year"
        rules={[ruleFrom(checkSalary)]}
        extra="Gross salary before the standard deduction; 0 if you have none."
      >
        {amountInput}
      </Form.Item>
      <Form.Item
        name="otherIncome"
        label="Other income"
        rules={[ruleFrom(checkTaxAmount)]}
        extra="Interest, rent received and business income taxed at slab rates."
      >
        {amountInput}
      </Form.Item>
      <fieldset className="tax-form__deductions">
        <legend>Deductions (old regime only)</legend>
        <Form.Item
          name="section80C"
          label="Section 80C"
          rules={[ruleFrom(checkTaxAmount)]}
          extra={
            caps && `PF, PPF, ELSS, life insurance, tuition fees: up to ${rupees(caps.section80C)}.`
          }
        >
          {amountInput}
        </Form.Item>
        <Form.Item
          name="section80D"
          label="Section 80D"
          rules={[ruleFrom(checkTaxAmount)]}
          extra={
            caps &&
            `Health insurance: up to ${rupees(caps.section80D)} (₹25,000 for your family, up to ₹50,000 for parents who are senior citizens).`
          }
        >
          {amountInput}
        </Form.Item>
        <Form.Item
          name="hraExemption"
          label="HRA exemption"
          rules={[ruleFrom(checkTaxAmount)]}
          extra="The exempt part of your house rent allowance, as your employer works it out."
        >
          {amountInput}
        </Form.Item>
      </fieldset>
    </Form>
  );
}
