import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { AepsBalanceController } from './aeps-balance.controller.js';
import { MoveAepsBalanceHandler } from './commands/move-aeps-balance.handler.js';

/**
 * Issue 26: the AEPS balance moved to the main wallet. The balance itself is read by the balance
 * call (accounts) and filled by the AEPS counter (aeps); this module only moves it.
 */
@Module({
  imports: [CredentialsModule, TransactionsModule],
  controllers: [AepsBalanceController],
  providers: [MoveAepsBalanceHandler],
})
export class AepsBalanceModule {}
