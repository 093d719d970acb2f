import { Global, Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { AccountsRepository } from './accounts.repository.js';
import { BalancesController } from './balances.controller.js';
import { HoldingBook } from './commands/holding-book.js';
import { PlaceHoldingHandler } from './commands/place-holding.handler.js';
import { ReleaseHoldingHandler } from './commands/release-holding.handler.js';
import { SetOverdraftHandler } from './commands/set-overdraft.handler.js';
import { HoldingsController } from './holdings.controller.js';
import { HoldingsRepository } from './holdings.repository.js';
import { GetBalancesHandler } from './queries/get-balance.handler.js';
import { ListHoldingsHandler } from './queries/list-holdings.query.js';
import { ListOverdraftsHandler } from './queries/list-overdrafts.query.js';

/**
 * A user's ledger accounts (issue 24: one folder): opening them, the balance reads
 * (`/user/checkBalance`, `/admin/checkBalance`), and what an admin sets on them (issue 13):
 * liens, security deposits and the wallet's overdraft limit.
 */
@Global()
@Module({
  imports: [CredentialsModule, NetworkModule],
  controllers: [BalancesController, HoldingsController],
  providers: [
    AccountsRepository,
    GetBalancesHandler,
    HoldingsRepository,
    HoldingBook,
    PlaceHoldingHandler,
    ReleaseHoldingHandler,
    SetOverdraftHandler,
    ListHoldingsHandler,
    ListOverdraftsHandler,
  ],
  exports: [AccountsRepository],
})
export class AccountsModule {}
