import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@khata/domain';

/** Each currency's name in the `tools` texts (issue 30); the code itself stays in Latin. */
const CURRENCY_NAME_KEYS = {
  USD: 'currency.names.usd',
  EUR: 'currency.names.eur',
  GBP: 'currency.names.gbp',
  AED: 'currency.names.aed',
  SGD: 'currency.names.sgd',
  JPY: 'currency.names.jpy',
  AUD: 'currency.names.aud',
  CAD: 'currency.names.cad',
  SAR: 'currency.names.sar',
  CNY: 'currency.names.cny',
} as const satisfies Record<CurrencyCode, string>;

/** A currency's name in the current language: "US dollar" / "अमेरिकी डॉलर". */
export function useCurrencyName(): (currency: CurrencyCode) => string {
  const { t } = useTranslation('tools');
  return useCallback((currency) => t(CURRENCY_NAME_KEYS[currency]), [t]);
}
