import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { DmtModule } from '../dmt/dmt.module.js';
import { PpiModule } from '../ppi/ppi.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { CheckDmtTransferHandler } from './commands/check-transfer.js';
import { RefundDmtTransferHandler } from './commands/refund-transfer.js';
import { RequestRefundOtpHandler } from './commands/request-refund-otp.js';
import { RequestTransferOtpHandler } from './commands/request-transfer-otp.js';
import { ResolveDmtTransferHandler } from './commands/resolve-transfer.js';
import { SendDmtTransferHandler } from './commands/send-transfer.js';
import { DmtFees } from './dmt-fees.js';
import { DmtOutboxRelay } from './dmt-outbox-relay.js';
import { DmtProvider } from './dmt-provider.js';
import { DmtTransferLedger } from './dmt-transfer-ledger.js';
import { DmtTransferOpener } from './dmt-transfer-opener.js';
import { DmtTransferProcessor } from './dmt-transfer-processor.js';
import { DmtTransferRailStore } from './dmt-transfer-rail-store.js';
import { DmtTransferReads } from './dmt-transfer-reads.js';
import { DmtTransferSweeper } from './dmt-transfer-sweeper.js';
import { DmtTransfersController, PpiTransfersController } from './dmt-transfers.controller.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';
import { PostgresDmtSandboxBook } from './dmt-sandbox-book.repository.js';
import { ProcessDmtTransferHandler } from './process-dmt-transfer.job.js';
import { ListDmtTransfersHandler } from './queries/list-transfers.js';
import { SandboxDmtProvider } from './sandbox-dmt-provider.js';

/**
 * DMT transfers (issue 25) on the rail framework: the OTP-confirmed transfer (hold + row +
 * outbox under the remitter's lock), the worker and the sweep against the DMT provider (the
 * sandbox by default), refunds confirmed by the customer's OTP, the list and the admin's check.
 * The same routes serve PPI money transfer at /api/ppi (the product on the row).
 * Imports DmtModule (remitters, customer OTPs) and PpiModule (senders' wallets); neither
 * imports anything from here.
 */
@Module({
  imports: [
    AuthModule,
    CredentialsModule,
    CommissionsModule,
    TransactionsModule,
    DmtModule,
    PpiModule,
  ],
  controllers: [DmtTransfersController, PpiTransfersController],
  providers: [
    DmtTransfersRepository,
    DmtTransferLedger,
    DmtTransferRailStore,
    DmtTransferProcessor,
    DmtTransferOpener,
    DmtTransferReads,
    DmtFees,
    DmtOutboxRelay,
    DmtTransferSweeper,
    ProcessDmtTransferHandler,
    RequestTransferOtpHandler,
    SendDmtTransferHandler,
    RequestRefundOtpHandler,
    RefundDmtTransferHandler,
    CheckDmtTransferHandler,
    ResolveDmtTransferHandler,
    ListDmtTransfersHandler,
    PostgresDmtSandboxBook,
    {
      // The sandbox until a real provider is plugged in behind DmtProvider (docs/api.md).
      provide: DmtProvider,
      inject: [PostgresDmtSandboxBook, Clock, APP_CONFIG],
      useFactory: (book: PostgresDmtSandboxBook, clock: Clock, config: AppConfig) =>
        new SandboxDmtProvider(book, clock, {
          returnAfterMs: config.rail.sandboxReturnAfterMs,
          latencyMs: config.rail.sandboxLatencyMs,
        }),
    },
  ],
})
export class DmtTransfersModule {}
