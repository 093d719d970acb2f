import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import { checkTaxpayerIncome, compareRegimes, type TaxYear } from '@khata/domain';
import { valueIf } from '../../../ui/formRules';

export interface TaxFormValues {
  salary?: string;
  otherIncome?: string;
  section80C?: string;
  section80D?: string;
  hraExemption?: string;
}

export type RegimeComparison = ReturnType<typeof compareRegimes>;

/** Both regimes for what the form holds now, or undefined while an input does not pass. */
export function useTaxComparison(
  form: FormInstance<TaxFormValues>,
  year: TaxYear,
): RegimeComparison | undefined {
  const salary = Form.useWatch('salary', form);
  const otherIncome = Form.useWatch('otherIncome', form);
  const section80C = Form.useWatch('section80C', form);
  const section80D = Form.useWatch('section80D', form);
  const hraExemption = Form.useWatch('hraExemption', form);
  return useMemo(() => {
    const income = valueIf(
      checkTaxpayerIncome({ salary, otherIncome, section80C, section80D, hraExemption }),
    );
    return income && compareRegimes(year, income);
  }, [year, salary, otherIncome, section80C, section80D, hraExemption]);
}
