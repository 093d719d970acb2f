import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { AepsController } from './aeps.controller.js';
import { AepsCounter } from './aeps-counter.js';
import { AepsLedger } from './aeps-ledger.js';
import { AepsProcessor } from './aeps-processor.js';
import { AepsProvider } from './aeps-provider.js';
import { AepsRailStore } from './aeps-rail-store.js';
import { PostgresAepsSandboxBook } from './aeps-sandbox-book.repository.js';
import { AepsSweeper } from './aeps-sweeper.js';
import { AepsTransactionsRepository } from './aeps-transactions.repository.js';
import { PidVault } from './pid-vault.js';
import { AepsReversalsHandler } from './queries/aeps-reversals.handler.js';
import { SandboxAepsProvider } from './sandbox-aeps-provider.js';

/**
 * AEPS at the counter (issue 26) on the rail framework: the shop's registration and daily
 * authentication, each customer's transaction sent while the shop waits, the sweep's status
 * enquiries, the list and the admin's check, the debited failures Payment Operations shows,
 * against the AEPS provider (the sandbox by default).
 */
@Module({
  imports: [AuthModule, AccountsModule, CommissionsModule, TransactionsModule],
  controllers: [AepsController],
  providers: [
    AepsTransactionsRepository,
    AepsLedger,
    AepsRailStore,
    AepsProcessor,
    AepsSweeper,
    AepsCounter,
    PidVault,
    PostgresAepsSandboxBook,
    // Payment Operations' AEPS section: asked for by the payouts' admin controller's query bus.
    AepsReversalsHandler,
    {
      // The sandbox until a real provider is plugged in behind AepsProvider (docs/api.md).
      provide: AepsProvider,
      inject: [PostgresAepsSandboxBook, Clock, APP_CONFIG],
      useFactory: (book: PostgresAepsSandboxBook, clock: Clock, config: AppConfig) =>
        new SandboxAepsProvider(book, clock, { latencyMs: config.rail.sandboxLatencyMs }),
    },
  ],
})
export class AepsModule {}
