import { useMemo } from 'react';
import { Button, Form, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { convertAmount, parseRupees, type CurrencyCode, type Direction } from '@khata/domain';
import { formatMoney } from '../../../i18n/format';
import { currentLanguage } from '../../../i18n/i18n';
import { ruleFrom, valueIf } from '../../../ui/formRules';
import type { CurrencyRate } from './api';
import { formatForeignAmount, formatRate, formatRateDate } from './format';
import { useCurrencyName } from './names';

interface ConverterValues {
  amount: string;
  currency: CurrencyCode;
  direction: Direction;
}

const defaults: ConverterValues = { amount: '100', currency: 'USD', direction: 'toInr' };

/** Amount, currency and direction in; the converted amount and the rate used out. */
export function CurrencyConverter({ rates }: { rates: CurrencyRate[] }) {
  const { t } = useTranslation('tools');
  // The figures follow the language too: useTranslation renders again when it changes.
  const language = currentLanguage();
  const currencyName = useCurrencyName();
  const [form] = Form.useForm<ConverterValues>();
  // USD first, unless the admins' table has no USD row.
  const initialValues = rates.some((known) => known.currency === defaults.currency)
    ? defaults
    : { ...defaults, currency: rates[0]!.currency };
  const amount = Form.useWatch('amount', form);
  const currency = Form.useWatch('currency', form) ?? initialValues.currency;
  const direction = Form.useWatch('direction', form) ?? defaults.direction;
  const rate = rates.find((known) => known.currency === currency);

  const result = useMemo(() => {
    const hundredths = valueIf(parseRupees(amount));
    if (hundredths === undefined || !rate) return undefined;
    const converted = valueIf(convertAmount(hundredths, rate.inrPerUnit, direction));
    if (converted === undefined) return undefined;
    return direction === 'toInr'
      ? {
          from: formatForeignAmount(hundredths, currency, language),
          to: formatMoney(converted, language),
        }
      : {
          from: formatMoney(hundredths, language),
          to: formatForeignAmount(converted, currency, language),
        };
  }, [amount, rate, currency, direction, language]);

  const swap = () => form.setFieldValue('direction', direction === 'toInr' ? 'fromInr' : 'toInr');

  return (
    <div className="tool-layout">
      <section className="tool-card" aria-labelledby="converter-form-title">
        <h2 id="converter-form-title" className="tool-card__title">
          {t('currency.converter.title')}
        </h2>
        <Form form={form} layout="vertical" initialValues={initialValues} requiredMark={false}>
          <Form.Item name="currency" label={t('currency.converter.currency')}>
            <Select
              options={rates.map((known) => ({
                value: known.currency,
                // The code, then its name in the current language: not a sentence.
                label: `${known.currency} · ${currencyName(known.currency)}`,
              }))}
            />
          </Form.Item>
          <div className="converter-direction">
            <Form.Item name="direction" label={t('currency.converter.direction')}>
              <Segmented
                options={[
                  { label: `${currency} → INR`, value: 'toInr' },
                  { label: `INR → ${currency}`, value: 'fromInr' },
                ]}
              />
            </Form.Item>
            <Button onClick={swap} aria-label={t('currency.converter.swap')}>
              ⇄
            </Button>
          </div>
          <Form.Item
            name="amount"
            label={
              direction === 'toInr'
                ? t('currency.converter.amountIn', { currency })
                : t('currency.converter.amountInInr')
            }
            rules={[ruleFrom(parseRupees)]}
          >
            <Input
              prefix={direction === 'toInr' ? currency : '₹'}
              inputMode="decimal"
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      </section>
      <section
        className="tool-card tool-result"
        aria-labelledby="converter-result-title"
        aria-live="polite"
      >
        <h2 id="converter-result-title" className="tool-card__title">
          {t('currency.result.title')}
        </h2>
        {result && rate ? (
          <>
            <p className="converter-result__from">
              {t('currency.result.from', { amount: result.from })}
            </p>
            <p className="tool-result__headline">{result.to}</p>
            <p className="tool-result__note">
              {t('currency.result.note', {
                currency,
                rate: formatRate(rate.inrPerUnit),
                date: formatRateDate(rate.updatedAt),
              })}
            </p>
          </>
        ) : (
          <p className="tool-result__empty">{t('currency.result.empty')}</p>
        )}
      </section>
    </div>
  );
}
