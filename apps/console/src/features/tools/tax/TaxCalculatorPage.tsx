import { useState } from 'react';
import { Alert, Form, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { indiaDay, TAX_YEARS, taxYearOn } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { wholeRupees } from './rupees';
import { ToolPage } from '../ToolPage';
import { RegimeComparison } from './RegimeComparison';
import { TaxForm } from './TaxForm';
import { useTaxComparison, type TaxFormValues } from './useTaxComparison';
import './tax.css';

// Financial years run on Indian time: 1 April starts at midnight IST, not UTC.
const today = () => indiaDay(new Date());

/**
 * Each known year's source and caveat in the `tools` texts (issue 30), by its financial year; a
 * year added to libs/domain without texts here shows its own English words until it gets some.
 */
const SOURCE_KEYS = {
  '2025-26': 'tax.years.fy2025.source',
  '2026-27': 'tax.years.fy2026.source',
} as const;
const CAVEAT_KEYS = {
  '2026-27': 'tax.years.fy2026.caveat',
} as const;

const known = <T extends object>(keys: T, name: string): name is Extract<keyof T, string> =>
  Object.hasOwn(keys, name);

export function TaxCalculatorPage() {
  const [form] = Form.useForm<TaxFormValues>();
  const [yearName, setYearName] = useState(() => taxYearOn(today()).financialYear);
  const year = TAX_YEARS.find((known) => known.financialYear === yearName) ?? TAX_YEARS[0]!;
  const comparison = useTaxComparison(form, year);
  const { t } = useTranslation('tools');
  const name = year.financialYear;
  const caveat = year.caveat && (known(CAVEAT_KEYS, name) ? t(CAVEAT_KEYS[name]) : year.caveat);
  const source = known(SOURCE_KEYS, name) ? t(SOURCE_KEYS[name]) : year.source;

  return (
    <ToolPage
      title={t('tax.page.title')}
      current={AppPath.taxCalculator}
      intro={t('tax.page.intro')}
    >
      <div className="tax-year">
        <Segmented
          aria-label={t('tax.year.label')}
          value={yearName}
          onChange={(value) => setYearName(value)}
          options={TAX_YEARS.map((option) => ({
            label: t('tax.year.fy', { year: option.financialYear }),
            value: option.financialYear,
          }))}
        />
        <span className="tax-year__ay">
          {t('tax.year.assessment', { year: year.assessmentYear })}
        </span>
      </div>
      {caveat && <Alert className="tool-notice" type="warning" showIcon title={caveat} />}
      <div className="tool-layout tool-layout--wide-result">
        <section className="tool-card" aria-labelledby="tax-form-title">
          <h2 id="tax-form-title" className="tool-card__title">
            {t('tax.form.title')}
          </h2>
          <TaxForm form={form} year={year} />
        </section>
        <section
          className="tool-card tool-result"
          aria-labelledby="tax-result-title"
          aria-live="polite"
        >
          <h2 id="tax-result-title" className="tool-card__title">
            {t('tax.result.title', { year: year.financialYear })}
          </h2>
          {comparison ? (
            <RegimeComparison comparison={comparison} />
          ) : (
            <p className="tool-result__empty">{t('tax.result.empty')}</p>
          )}
        </section>
      </div>
      <TaxScope source={source} />
    </ToolPage>
  );
}

function TaxScope({ source }: { source: string }) {
  const { t } = useTranslation('tools');
  return (
    <section className="tool-card tool-scope" aria-labelledby="tax-scope-title">
      <h2 id="tax-scope-title" className="tool-card__title">
        {t('tax.scope.title')}
      </h2>
      <ul>
        <li>{t('tax.scope.rules', { source })}</li>
        <li>{t('tax.scope.surcharge')}</li>
        <li>{t('tax.scope.rounding', { step: wholeRupees(1000) })}</li>
        <li>{t('tax.scope.notCovered')}</li>
      </ul>
    </section>
  );
}
