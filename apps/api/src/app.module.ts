import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AccountsModule } from './accounts/accounts.module.js';
import { AuditModule } from './audit/audit.module.js';
import { LogsModule } from './logs/logs.module.js';
import { DatabaseAdminModule } from './database-admin/database-admin.module.js';
import { MonthlyStatsModule } from './monthly-stats/monthly-stats.module.js';
import { PaymentTrackerModule } from './payment-tracker/payment-tracker.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BeneficiariesModule } from './beneficiaries/beneficiaries.module.js';
import { BootstrapModule } from './bootstrap/bootstrap.module.js';
import { CallbacksModule } from './callbacks/callbacks.module.js';
import { ComplaintsModule } from './complaints/complaints.module.js';
import { NoticesModule } from './notices/notices.module.js';
import type { Clock } from './common/clock.js';
import type { HostResolver } from './net/host-resolver.js';
import { CommonModule } from './common/common.module.js';
import { loggerOptions } from './common/logging.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ControlPanelModule } from './control-panel/control-panel.module.js';
import { CurrencyRatesModule } from './currency-rates/currency-rates.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { DatabaseModule } from './database/unit-of-work.js';
import { DmtModule } from './dmt/dmt.module.js';
import { DmtTransfersModule } from './dmt-transfers/dmt-transfers.module.js';
import { AepsModule } from './aeps/aeps.module.js';
import { BbpsModule } from './bbps/bbps.module.js';
import { RentModule } from './rent/rent.module.js';
import { PgModule } from './pg/pg.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { KycModule } from './kyc/kyc.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { LinkLoginModule } from './link-login/link-login.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { RailModule } from './rail/rail.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RedisModule } from './redis/redis.module.js';
import { TransactionsModule } from './transactions/transactions.module.js';
import { UsersModule } from './users/users.module.js';
import { UsersAdminModule } from './users-admin/users-admin.module.js';
import { NetworkModule } from './network/network.module.js';
import { ServicesModule } from './services/services.module.js';
import { NetworkTreeModule } from './network/network-tree.module.js';
import { CompanyAccountsModule } from './company-accounts/company-accounts.module.js';
import { CommissionsModule } from './commissions/commissions.module.js';
import { AdminDashboardModule } from './admin-dashboard/admin-dashboard.module.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { WalletModule } from './wallet/wallet.module.js';
import { AepsBalanceModule } from './aeps-balance/aeps-balance.module.js';
import { FundRequestsModule } from './fund-requests/fund-requests.module.js';
import { ApprovalsModule } from './approvals/approvals.module.js';
import { ApprovalDecisionsModule } from './approval-decisions/approval-decisions.module.js';
import { TransactionReportModule } from './transactions/report/transaction-report.module.js';

/** What a test may replace; production passes nothing. */
export interface AppOptions {
  clock?: Clock;
  /** Answers host names instead of the system's DNS (a hosts file of the test's own). */
  hostResolver?: HostResolver;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, { clock, hostResolver }: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerOptions(config)),
        TypeOrmModule.forRoot(dataSourceOptions(config.databaseUrl)),
        DatabaseModule,
        RedisModule,
        CommonModule.forRoot(clock, hostResolver),
        AuditModule,
        AccountsModule,
        LedgerModule,
        CqrsModule.forRoot(),
        JobsModule,
        RailModule,
        HealthModule,
        UsersModule,
        ServicesModule,
        NetworkModule,
        AuthModule,
        ControlPanelModule,
        LinkLoginModule,
        WalletModule,
        AepsBalanceModule,
        RealtimeModule.forRoot(config.processRole),
        TransactionsModule,
        KycModule,
        FundRequestsModule,
        ApprovalsModule,
        ApprovalDecisionsModule,
        TransactionReportModule,
        BeneficiariesModule,
        OnboardingModule,
        PayoutsModule,
        DmtModule,
        DmtTransfersModule,
        AepsModule,
        BbpsModule,
        RentModule,
        PgModule,
        PartnersModule,
        CallbacksModule,
        CurrencyRatesModule,
        UsersAdminModule,
        NetworkTreeModule,
        CompanyAccountsModule,
        CommissionsModule,
        AdminDashboardModule,
        BootstrapModule,
        DatabaseAdminModule,
        MonthlyStatsModule,
        NoticesModule,
        ComplaintsModule,
        PaymentTrackerModule,
        MetricsModule,
        LogsModule,
      ],
    };
  }
}
