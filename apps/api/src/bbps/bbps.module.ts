import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ComplaintsModule } from '../complaints/complaints.module.js';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { BbpsCatalogueRepository } from './bbps-catalogue.repository.js';
import { BbpsCatalogueSync } from './bbps-catalogue-sync.js';
import { BbpsComplaintDesk } from './bbps-complaint-desk.js';
import { BbpsComplaintEnquiry } from './bbps-complaint-enquiry.js';
import { BbpsComplaintSweep } from './bbps-complaint-sweep.js';
import { BbpsComplaintsController } from './bbps-complaints.controller.js';
import { BbpsComplaintsRepository } from './bbps-complaints.repository.js';
import { BbpsController } from './bbps.controller.js';
import { BbpsCounter } from './bbps-counter.js';
import { BbpsLedger } from './bbps-ledger.js';
import { BbpsPaymentsRepository } from './bbps-payments.repository.js';
import { BbpsProcessor } from './bbps-processor.js';
import { BbpsProvider } from './bbps-provider.js';
import { BbpsReport } from './bbps-report.js';
import { BbpsRailStore } from './bbps-rail-store.js';
import { BbpsSweeper } from './bbps-sweeper.js';
import { PostgresBbpsSandboxBook } from './bbps-sandbox-book.repository.js';
import { SandboxBbpsProvider } from './sandbox-bbps-provider.js';

/**
 * Bill payments through Bharat BillPay (issue 27) on the rail framework: the catalogue synced
 * from the provider, bills fetched, each payment sent while the shop waits, the sweep's status
 * enquiries, the report and the admin's check, and BBPS complaints (kept as complaints, with
 * their status by enquiry), against the BBPS provider (the sandbox by default).
 */
@Module({
  imports: [
    AuthModule,
    CommissionsModule,
    ComplaintsModule,
    CredentialsModule,
    ReportsModule,
    TransactionsModule,
  ],
  controllers: [BbpsController, BbpsComplaintsController],
  providers: [
    BbpsCatalogueRepository,
    BbpsCatalogueSync,
    BbpsPaymentsRepository,
    BbpsLedger,
    BbpsRailStore,
    BbpsProcessor,
    BbpsSweeper,
    BbpsCounter,
    BbpsReport,
    BbpsComplaintsRepository,
    BbpsComplaintDesk,
    BbpsComplaintEnquiry,
    BbpsComplaintSweep,
    PostgresBbpsSandboxBook,
    {
      // The sandbox until a real BBPS operating unit is plugged in behind BbpsProvider.
      provide: BbpsProvider,
      inject: [PostgresBbpsSandboxBook, Clock, APP_CONFIG],
      useFactory: (book: PostgresBbpsSandboxBook, clock: Clock, config: AppConfig) =>
        new SandboxBbpsProvider(book, clock, { latencyMs: config.rail.sandboxLatencyMs }),
    },
  ],
})
export class BbpsModule {}
