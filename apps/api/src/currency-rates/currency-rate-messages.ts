import type { CurrencyCode } from '@khata/domain';

export const CurrencyRateMessages = {
  updated: (currency: CurrencyCode) => `${currency} rate updated.`,
} as const;
