import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CURRENCIES } from '@khata/domain';
import { type CurrencyRate, CurrencyRatesRepository } from '../currency-rates.repository.js';
import { ListCurrencyRatesQuery } from './list-currency-rates.query.js';

@QueryHandler(ListCurrencyRatesQuery)
export class ListCurrencyRatesHandler implements IQueryHandler<ListCurrencyRatesQuery> {
  constructor(private readonly rates: CurrencyRatesRepository) {}

  async execute(): Promise<CurrencyRate[]> {
    const rates = await this.rates.all();
    return rates.sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
  }
}
