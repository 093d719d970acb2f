import { useMemo } from 'react';
import { Button, Form, Input, Segmented, Select } from 'antd';
import {
  convertAmount,
  CURRENCY_NAMES,
  formatForeign,
  formatPaise,
  parseRupees,
  type CurrencyCode,
  type Direction,
} from '@khata/domain';
import { ruleFrom, valueIf } from '../../../ui/formRules';
import type { CurrencyRate } from './api';
import { formatRate, formatRateDate } from './format';

interface ConverterValues {
  amount: string;
  currency: CurrencyCode;
  direction: Direction;
}

const defaults: ConverterValues = { amount: '100', currency: 'USD', direction: 'toInr' };

/** Amount, currency and direction in; the converted amount and the rate used out. */
export function CurrencyConverter({ rates }: { rates: CurrencyRate[] }) {
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
      ? { from: formatForeign(hundredths, currency), to: formatPaise(converted) }
      : { from: formatPaise(hundredths), to: formatForeign(converted, currency) };
  }, [amount, rate, currency, direction]);

  const swap = () => form.setFieldValue('direction', direction === 'toInr' ? 'fromInr' : 'toInr');

  return (
    <div className="tool-layout">
      <section className="tool-card" aria-labelledby="converter-form-title">
        <h2 id="converter-form-title" className="tool-card__title">
          Convert
        </h2>
        <Form form={form} layout="vertical" initialValues={initialValues} requiredMark={false}>
          <Form.Item name="currency" label="Currency">
            <Select
              options={rates.map((known) => ({
                value: known.currency,
                label: `${known.currency} · ${CURRENCY_NAMES[known.currency]}`,
              }))}
            />
          </Form.Item>
          <div className="converter-direction">
            <Form.Item name="direction" label="Direction">
              <Segmented
                options={[
                  { label: `${currency} → INR`, value: 'toInr' },
                  { label: `INR → ${currency}`, value: 'fromInr' },
                ]}
              />
            </Form.Item>
            <Button onClick={swap} aria-label="Swap direction">
              ⇄
            </Button>
          </div>
          <Form.Item
            name="amount"
            label={direction === 'toInr' ? `Amount in ${currency}` : 'Amount in INR'}
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
          Converted amount
        </h2>
        {result && rate ? (
          <>
            <p className="converter-result__from">{result.from} =</p>
            <p className="tool-result__headline">{result.to}</p>
            <p className="tool-result__note">
              At 1 {currency} = {formatRate(rate.inrPerUnit)}, the rate set on{' '}
              {formatRateDate(rate.updatedAt)}. Rounded to 2 decimals.
            </p>
          </>
        ) : (
          <p className="tool-result__empty">Enter an amount to convert.</p>
        )}
      </section>
    </div>
  );
}
