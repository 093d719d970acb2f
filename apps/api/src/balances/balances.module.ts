import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { BalancesController } from './balances.controller.js';
import { BalancesRepository } from './balances.repository.js';
import { PlaceHoldingHandler } from './commands/place-holding.handler.js';
import { ReleaseHoldingHandler } from './commands/release-holding.handler.js';
import { SetOverdraftHandler } from './commands/set-overdraft.handler.js';
import { ListHoldingsHandler } from './queries/list-holdings.query.js';
import { ListOverdraftsHandler } from './queries/list-overdrafts.query.js';

/** Issue 13: liens, security deposits and overdraft limits on users' wallets. */
@Module({
  imports: [CredentialsModule, NetworkModule],
  controllers: [BalancesController],
  providers: [
    BalancesRepository,
    PlaceHoldingHandler,
    ReleaseHoldingHandler,
    SetOverdraftHandler,
    ListHoldingsHandler,
    ListOverdraftsHandler,
  ],
})
export class BalancesModule {}
