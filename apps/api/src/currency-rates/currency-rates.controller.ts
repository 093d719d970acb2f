import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { CurrencyRatesAnswer, SetCurrencyRateAnswer } from '@khata/domain';
import { ForKinds, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { SetCurrencyRateCommand } from './commands/set-currency-rate.command.js';
import {
  CurrencyRateMessages,
  SetCurrencyRateDto,
  toCurrencyRateRecord,
} from './currency-rates.dto.js';
import { ListCurrencyRatesQuery } from './queries/list-currency-rates.query.js';

/** Ours: the rates of the public currency converter (/tools/currency-converter). */
@Controller()
export class CurrencyRatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('public/currency-rates')
  @Public()
  async list(): Promise<CurrencyRatesAnswer> {
    const rates = await this.queries.execute(new ListCurrencyRatesQuery());
    return { success: true, rates: rates.map(toCurrencyRateRecord) };
  }

  @Post('admin/currency-rates')
  @HttpCode(200)
  @ForKinds('admin')
  async set(
    @CurrentUser() user: AuthUser,
    @Body() body: SetCurrencyRateDto,
    @Context() context: RequestContext,
  ): Promise<SetCurrencyRateAnswer> {
    const { currency, inrPerUnit } = body;
    const rate = await this.commands.execute(
      new SetCurrencyRateCommand(currency, inrPerUnit, user.userId, user.sessionId, context),
    );
    return {
      success: true,
      message: CurrencyRateMessages.updated(currency),
      rate: toCurrencyRateRecord(rate),
    };
  }
}
