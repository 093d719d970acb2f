import { useState } from 'react';
import { Alert, Form, Segmented } from 'antd';
import { indiaDay, TAX_YEARS, taxYearOn } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { ToolPage } from '../ToolPage';
import { RegimeComparison } from './RegimeComparison';
import { TaxForm } from './TaxForm';
import { useTaxComparison, type TaxFormValues } from './useTaxComparison';
import './tax.css';

// Financial years run on Indian time: 1 April starts at midnight IST, not UTC.
const today = () => indiaDay(new Date());

export function TaxCalculatorPage() {
  const [form] = Form.useForm<TaxFormValues>();
  const [yearName, setYearName] = useState(() => taxYearOn(today()).financialYear);
  const year = TAX_YEARS.find((known) => known.financialYear === yearName) ?? TAX_YEARS[0]!;
  const comparison = useTaxComparison(form, year);

  return (
    <ToolPage
      title="Income tax calculator"
      current={AppPath.taxCalculator}
      intro="Compare the new and the old tax regime on your income before you tell your employer which one to use. For individuals below 60, resident in India."
    >
      <div className="tax-year">
        <Segmented
          aria-label="Financial year"
          value={yearName}
          onChange={(value) => setYearName(value)}
          options={TAX_YEARS.map((known) => ({
            label: `FY ${known.financialYear}`,
            value: known.financialYear,
          }))}
        />
        <span className="tax-year__ay">Assessment year {year.assessmentYear}</span>
      </div>
      {year.caveat && <Alert className="tool-notice" type="warning" showIcon title={year.caveat} />}
      <div className="tool-layout tool-layout--wide-result">
        <section className="tool-card" aria-labelledby="tax-form-title">
          <h2 id="tax-form-title" className="tool-card__title">
            Your income
          </h2>
          <TaxForm form={form} year={year} />
        </section>
        <section
          className="tool-card tool-result"
          aria-labelledby="tax-result-title"
          aria-live="polite"
        >
          <h2 id="tax-result-title" className="tool-card__title">
            Your tax, FY {year.financialYear}
          </h2>
          {comparison ? (
            <RegimeComparison comparison={comparison} />
          ) : (
            <p className="tool-result__empty">
              Enter your salary (or 0) to compare the two regimes.
            </p>
          )}
        </section>
      </div>
      <TaxScope source={year.source} />
    </ToolPage>
  );
}

function TaxScope({ source }: { source: string }) {
  return (
    <section className="tool-card tool-scope" aria-labelledby="tax-scope-title">
      <h2 id="tax-scope-title" className="tool-card__title">
        What this calculator covers
      </h2>
      <ul>
        <li>
          Slab rates, standard deduction, the section 87A rebate (with marginal relief in the new
          regime) and 4% health and education cess, as in the {source}.
        </li>
        <li>
          Surcharge above ₹50 lakh of taxable income: 10%, 15% and 25% (the new regime stops at 25%;
          the old one goes to 37% above ₹5 crore), with marginal relief.
        </li>
        <li>
          Taxable income and the tax payable are rounded to the nearest ₹10, as sections 288A and
          288B require.
        </li>
        <li>
          Not covered: capital gains and other income taxed at special rates, senior citizens,
          deductions other than 80C, 80D and HRA, and interest on late tax. It is an estimate, not
          tax advice: check with your chartered accountant before you file.
        </li>
      </ul>
    </section>
  );
}
