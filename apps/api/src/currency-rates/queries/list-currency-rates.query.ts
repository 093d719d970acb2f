import { Query } from '@nestjs/cqrs';
import type { CurrencyRate } from '../currency-rates.repository.js';

/** Every rate of the converter, in the converter's order of currencies. */
export class ListCurrencyRatesQuery extends Query<CurrencyRate[]> {}
