import {
  checkCurrencyCode,
  type CurrencyCode,
  inrPerUnitNumber,
  type MicroRupees,
  parseInrPerUnit,
} from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import { Satisfies } from '../common/http/satisfies.js';
import type { CurrencyRate } from './currency-rates.repository.js';

export class SetCurrencyRateDto {
  /** One of the converter's ISO codes, in capitals: "USD". */
  @Satisfies(checkCurrencyCode)
  currency!: string;

  /** Rupees per unit, a number or a decimal string with at most 6 decimals: 88.75. */
  @Satisfies(parseInrPerUnit)
  inrPerUnit!: unknown;
}

/** The body as the command takes it; the validation pipe has already checked both fields. */
export function toRateChange(body: SetCurrencyRateDto): {
  currency: CurrencyCode;
  inrPerUnit: MicroRupees;
} {
  const currency = checkCurrencyCode(body.currency);
  const rate = parseInrPerUnit(body.inrPerUnit);
  if (!currency.ok) throw new AppError(ErrorKind.Invalid, currency.message);
  if (!rate.ok) throw new AppError(ErrorKind.Invalid, rate.message);
  return { currency: currency.value, inrPerUnit: rate.value };
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
