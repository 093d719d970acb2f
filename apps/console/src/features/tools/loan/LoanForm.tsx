import { Form, Input, Segmented, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkInterestRate, checkLoanAmount, checkTenure, type TenureUnit } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { loanFormDefaults, type LoanFormValues } from './useLoanPlan';

const TENURE_UNIT_KEYS = {
  years: 'loan.form.years',
  months: 'loan.form.months',
} as const satisfies Record<TenureUnit, string>;

const tenureUnits: TenureUnit[] = ['years', 'months'];

/** The loan's three terms; the page recalculates as they change, so there is no submit. */
export function LoanForm({ form }: { form: FormInstance<LoanFormValues> }) {
  const { t } = useTranslation('tools');
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
        label={t('loan.form.amount')}
        rules={[ruleFrom(checkLoanAmount)]}
        extra={t('loan.form.amountHelp')}
      >
        <Input prefix={t('symbols.rupee')} inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="annualRate"
        label={t('loan.form.rate')}
        rules={[ruleFrom(checkInterestRate)]}
        extra={t('loan.form.rateHelp')}
      >
        <Input suffix={t('symbols.percent')} inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <div className="loan-form__tenure">
        <Form.Item
          name="tenure"
          label={t('loan.form.tenure')}
          dependencies={['tenureUnit']}
          rules={[
            ({ getFieldValue }) =>
              ruleFrom((value) => checkTenure(value, getFieldValue('tenureUnit') as TenureUnit)),
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="tenureUnit"
          label={<span className="visually-hidden">{t('loan.form.tenureIn')}</span>}
        >
          <Segmented
            options={tenureUnits.map((unit) => ({ label: t(TENURE_UNIT_KEYS[unit]), value: unit }))}
            aria-label={t('loan.form.tenureIn')}
          />
        </Form.Item>
      </div>
    </Form>
  );
}
