import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import { checkLoanTerms, planLoan, type LoanPlan, type TenureUnit } from '@khata/domain';
import { valueIf } from '../../../ui/formRules';

export interface LoanFormValues {
  principal: string;
  annualRate: string;
  tenure: string;
  tenureUnit: TenureUnit;
}

export const loanFormDefaults: LoanFormValues = {
  principal: '1000000',
  annualRate: '9.5',
  tenure: '20',
  tenureUnit: 'years',
};

/** The plan for what the form holds now, or undefined while an input does not pass. */
export function useLoanPlan(form: FormInstance<LoanFormValues>): LoanPlan | undefined {
  const principal = Form.useWatch('principal', form);
  const annualRate = Form.useWatch('annualRate', form);
  const tenure = Form.useWatch('tenure', form);
  const tenureUnit = Form.useWatch('tenureUnit', form) ?? loanFormDefaults.tenureUnit;
  return useMemo(() => {
    const terms = valueIf(checkLoanTerms({ principal, annualRate, tenure, tenureUnit }));
    return terms && planLoan(terms);
  }, [principal, annualRate, tenure, tenureUnit]);
}
