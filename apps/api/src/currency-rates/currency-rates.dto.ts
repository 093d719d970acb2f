import {
  checkCurrencyCode,
  type CurrencyCode,
  inrPerUnitNumber,
  type MicroRupees,
  parseInrPerUnit,
  type CurrencyRateRecord,
  type SetCurrencyRateRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { CurrencyRate } from './currency-rates.repository.js';

export { CurrencyRateMessages } from './currency-rate-messages.js';

export class SetCurrencyRateDto implements SetCurrencyRateRequest {
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

export function toCurrencyRateRecord(rate: CurrencyRate): CurrencyRateRecord {
  return {
    currency: rate.currency,
    inrPerUnit: inrPerUnitNumber(rate.inrPerUnit),
    updatedAt: rate.updatedAt.toISOString(),
  };
}
