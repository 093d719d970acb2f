import {
  checkCurrencyCode,
  type CurrencyCode,
  inrPerUnitNumber,
  type MicroRupees,
  parseInrPerUnit,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { CurrencyRate } from './currency-rates.repository.js';

export class SetCurrencyRateDto {
  /** One of the converter's ISO codes, in capitals: "USD". */
  @Satisfies(checkCurrencyCode)
  currency!: CurrencyCode;

  /**
   * Sent as rupees per unit, a number or a decimal string with at most 6 decimals (88.75);
   * once validated, the micro-rupees it names.
   */
  @Satisfies(parseInrPerUnit)
  inrPerUnit!: MicroRupees;
}

export interface CurrencyRateRecord {
  currency: CurrencyCode;
  /** Rupees per unit, exact to its 6 decimals. */
  inrPerUnit: number;
  updatedAt: Date;
}

export function toCurrencyRateRecord(rate: CurrencyRate): CurrencyRateRecord {
  return {
    currency: rate.currency,
    inrPerUnit: inrPerUnitNumber(rate.inrPerUnit),
    updatedAt: rate.updatedAt,
  };
}

export const CurrencyRateMessages = {
  updated: (currency: CurrencyCode) => `${currency} rate updated.`,
} as const;
