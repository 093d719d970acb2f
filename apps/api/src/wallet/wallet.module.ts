import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { UsersModule } from '../users/users.module.js';
import { CreditWalletHandler } from './commands/credit-wallet.handler.js';
import { DebitWalletHandler } from './commands/debit-wallet.handler.js';
import { SendMoneyToWalletHandler } from './commands/send-money.handler.js';
import { WalletController } from './wallet.controller.js';
import { WalletMovements } from './wallet-movements.js';

@Module({
  imports: [AuthModule, CredentialsModule, UsersModule, TransactionsModule],
  controllers: [WalletController],
  providers: [WalletMovements, SendMoneyToWalletHandler, CreditWalletHandler, DebitWalletHandler],
})
export class WalletModule {}
