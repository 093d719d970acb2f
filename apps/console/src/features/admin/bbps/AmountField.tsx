import { Descriptions, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { rupeesString, type BbpsExactness, type Paise } from '@khata/domain';
import type { FormRule } from 'antd';
import { formatRupees } from '../common/money';
import { useDebounced } from '../common/useDebounced';
import { useBbpsQuote } from './api';
import { checkPayAmount } from './format';

/** The bill the amount is checked against, in paise; null for an ad hoc payment. */
export type AmountAgainst = {
  bill: Paise;
  exactness: BbpsExactness;
  /** The bill's early and late amounts, which an EXACT biller also takes. */
  alternatives: Paise[];
} | null;

/** The amount's rule: libs/domain's limits and, against a fetched bill, the exactness. */
export function amountRule(against: AmountAgainst, max: Paise): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const checked = checkPayAmount(value, against, max);
      if (!checked.ok) throw new Error(checked.message);
    },
  };
}

export interface AmountFieldProps {
  billerId: string;
  against: AmountAgainst;
  max: Paise;
  /** The amount as typed (watched by the form). */
  typed: string | undefined;
}

/**
 * The amount (prefilled from a fetched bill; fixed when the biller takes the exact amount
 * only), and under it the fee and total from `GET /api/bbps/quote`: the rule that will charge,
 * asked once the amount has settled, so what the shopkeeper reads is what the wallet pays.
 */
export function AmountField({ billerId, against, max, typed }: AmountFieldProps) {
  const { t } = useTranslation('bbps');
  const checked = checkPayAmount(typed, against, max);
  const settled = useDebounced(checked.ok ? rupeesString(checked.value) : undefined, 400);
  const quote = useBbpsQuote(billerId, settled);
  // Fixed when the bill's amount is the only one the biller takes.
  const exact = against?.exactness === 'EXACT' && against.alternatives.length === 0;
  return (
    <>
      <Form.Item
        name="amount"
        label={t('amount.label')}
        required
        rules={[amountRule(against, max)]}
        extra={exact ? t('amount.exact') : undefined}
      >
        <Input
          size="large"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          readOnly={exact}
        />
      </Form.Item>
      {checked.ok && settled && (
        <section className="bbps-quote" aria-label={t('amount.quote')} aria-live="polite">
          {quote.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          ) : quote.isError ? (
            <p className="bbps-quote__error" role="alert">
              {quote.error.message}
            </p>
          ) : (
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'amount',
                  label: t('amount.billAmount'),
                  children: formatRupees(quote.data.amount),
                },
                {
                  key: 'ccf',
                  label: t('amount.ccf'),
                  children: <span data-testid="bbps-ccf">{formatRupees(quote.data.ccf)}</span>,
                },
                {
                  key: 'total',
                  label: t('amount.total'),
                  children: (
                    <strong data-testid="bbps-total">{formatRupees(quote.data.total)}</strong>
                  ),
                },
                {
                  key: 'commission',
                  label: t('amount.commission'),
                  children: formatRupees(quote.data.commission),
                },
              ]}
            />
          )}
        </section>
      )}
    </>
  );
}
