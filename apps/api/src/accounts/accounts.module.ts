import { Global, Module } from '@nestjs/common';
import { AccountsRepository } from './accounts.repository.js';
import { BalancesController } from './balances.controller.js';
import { GetBalancesHandler } from './queries/get-balance.handler.js';

@Global()
@Module({
  controllers: [BalancesController],
  providers: [AccountsRepository, GetBalancesHandler],
  exports: [AccountsRepository],
})
export class AccountsModule {}
