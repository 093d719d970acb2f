import type { MessageAnswer, Ok } from './common.js';

/** `POST /api/public/callback-request`: answers `CallbackRequestAnswer`. */
export interface CallbackRequestRequest {
  name: string;
  mobile: string;
  message?: string | null;
}

export type CallbackRequestAnswer = MessageAnswer;

/** One rate of the public currency converter. */
export interface CurrencyRateRecord {
  /** An ISO code in capitals (`USD`); typed open so a rate the console cannot read is skipped. */
  currency: string;
  /** Rupees per unit, exact to its 6 decimals. */
  inrPerUnit: number;
  /** ISO time. */
  updatedAt: string;
}

/** `GET /api/public/currency-rates`. */
export interface CurrencyRatesAnswer extends Ok {
  rates: CurrencyRateRecord[];
}
