import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkSalary, checkTaxAmount, type TaxYear } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { wholeRupees } from './rupees';
import type { TaxFormValues } from './useTaxComparison';

// Section 80D's own limits beside the cap: ₹25,000 for the family, ₹50,000 for senior parents.
const FAMILY_80D = 25_000_00;
const SENIOR_PARENTS_80D = 50_000_00;

/** Income and the old regime's deductions; the comparison updates as they change. */
export function TaxForm({ form, year }: { form: FormInstance<TaxFormValues>; year: TaxYear }) {
  const { t } = useTranslation('tools');
  const caps = year.regimes.old.deductionCaps;
  const amountInput = (
    <Input prefix={t('symbols.rupee')} inputMode="decimal" autoComplete="off" placeholder="0" />
  );
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => undefined}>
      <Form.Item
        name="salary"
        label={t('tax.form.salary')}
        rules={[ruleFrom(checkSalary)]}
        extra={t('tax.form.salaryHelp')}
      >
        {amountInput}
      </Form.Item>
      <Form.Item
        name="otherIncome"
        label={t('tax.form.otherIncome')}
        rules={[ruleFrom(checkTaxAmount)]}
        extra={t('tax.form.otherIncomeHelp')}
      >
        {amountInput}
      </Form.Item>
      <fieldset className="tax-form__deductions">
        <legend>{t('tax.form.deductions')}</legend>
        <Form.Item
          name="section80C"
          label={t('tax.form.section80C')}
          rules={[ruleFrom(checkTaxAmount)]}
          extra={caps && t('tax.form.section80CHelp', { cap: wholeRupees(caps.section80C) })}
        >
          {amountInput}
        </Form.Item>
        <Form.Item
          name="section80D"
          label={t('tax.form.section80D')}
          rules={[ruleFrom(checkTaxAmount)]}
          extra={
            caps &&
            t('tax.form.section80DHelp', {
              cap: wholeRupees(caps.section80D),
              family: wholeRupees(FAMILY_80D),
              parents: wholeRupees(SENIOR_PARENTS_80D),
            })
          }
        >
          {amountInput}
        </Form.Item>
        <Form.Item
          name="hraExemption"
          label={t('tax.form.hraExemption')}
          rules={[ruleFrom(checkTaxAmount)]}
          extra={t('tax.form.hraExemptionHelp')}
        >
          {amountInput}
        </Form.Item>
      </fieldset>
    </Form>
  );
}
