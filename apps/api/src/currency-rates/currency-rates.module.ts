import { Module } from '@nestjs/common';
import { SetCurrencyRateHandler } from './commands/set-currency-rate.handler.js';
import { CurrencyRatesController } from './currency-rates.controller.js';
import { CurrencyRatesRepository } from './currency-rates.repository.js';
import { ListCurrencyRatesHandler } from './queries/list-currency-rates.handler.js';

/** The currency converter's rupee rates: read by anyone, set by admins. */
@Module({
  controllers: [CurrencyRatesController],
  providers: [CurrencyRatesRepository, ListCurrencyRatesHandler, SetCurrencyRateHandler],
})
export class CurrencyRatesModule {}
