import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { NetworkModule } from '../network/network.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminMoney } from './commands/admin-money.js';
import { CreditWalletHandler } from './commands/credit-wallet.handler.js';
import { DebitWalletHandler } from './commands/debit-wallet.handler.js';
import { SendMoneyToWalletHandler } from './commands/send-money.handler.js';
import { SendToDownlineHandler } from './commands/send-to-downline.handler.js';
import { WalletController } from './wallet.controller.js';
import { WalletMovements } from './wallet-movements.js';

@Module({
  imports: [
    AuthModule,
    CredentialsModule,
    UsersModule,
    TransactionsModule,
    NetworkModule,
    ApprovalsModule,
  ],
  controllers: [WalletController],
  providers: [
    WalletMovements,
    AdminMoney,
    SendMoneyToWalletHandler,
    SendToDownlineHandler,
    CreditWalletHandler,
    DebitWalletHandler,
  ],
})
export class WalletModule {}
