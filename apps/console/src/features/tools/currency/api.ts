import { useQuery } from '@tanstack/react-query';
import {
  isCurrencyCode,
  parseInrPerUnit,
  type CurrencyCode,
  type CurrencyRatesAnswer,
  type MicroRupees,
} from '@khata/domain';
import { api } from '../../../api/client';

export interface CurrencyRate {
  currency: CurrencyCode;
  inrPerUnit: MicroRupees;
  updatedAt: Date;
}

export const currencyRateKeys = {
  list: ['currency-rates', 'list', {}] as const,
};

/** The admins' rate table, read into exact micro-rupees; rows the console cannot read are left out. */
export function useCurrencyRates() {
  return useQuery({
    queryKey: currencyRateKeys.list,
    queryFn: async () => {
      const answer = await api.get<CurrencyRatesAnswer>('/public/currency-rates');
      return answer.rates.flatMap((record): CurrencyRate[] => {
        const rate = parseInrPerUnit(record.inrPerUnit);
        if (!isCurrencyCode(record.currency) || !rate.ok) return [];
        return [
          {
            currency: record.currency,
            inrPerUnit: rate.value,
            updatedAt: new Date(record.updatedAt),
          },
        ];
      });
    },
  });
}
