import { khataTypes } from '@khata/ledger';
import type { DataAtRest } from '../common/crypto/data-at-rest.js';
import { dataAtRestMigration } from './migrations/1765400031400-data-at-rest.js';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { CreateUsers1763700000000 } from './migrations/1763700000000-create-users.js';
import { Identity1763800000000 } from './migrations/1763800000000-identity.js';
import { DmtScheme1765400032050 } from './migrations/1765400032050-dmt-scheme.js';
import { DmtTransfers1765400032100 } from './migrations/1765400032100-dmt-transfers.js';
import { PpiTransfers1765400032200 } from './migrations/1765400032200-ppi-transfers.js';
import { AepsTransactions1765400032250 } from './migrations/1765400032250-aeps-transactions.js';
import { SandboxAeps1765400032300 } from './migrations/1765400032300-sandbox-aeps.js';
import { Bbps1765400032400 } from './migrations/1765400032400-bbps.js';
import { SandboxBbps1765400032450 } from './migrations/1765400032450-sandbox-bbps.js';
import { BbpsComplaints1765400032500 } from './migrations/1765400032500-bbps-complaints.js';
import { OtpRepeatTries1765400032600 } from './migrations/1765400032600-otp-repeat-tries.js';
import { PgLoads1765400032700 } from './migrations/1765400032700-pg-loads.js';
import { RentAgreements1765400032800 } from './migrations/1765400032800-rent-agreements.js';
import { PgRefunding1765400032900 } from './migrations/1765400032900-pg-refunding.js';
import { UserLanguage1765400033000 } from './migrations/1765400033000-user-language.js';
import { LedgerHoldsSeqIndexes1765400033100 } from './migrations/1765400033100-ledger-holds-seq-indexes.js';
import { Ledger1764000000000 } from './migrations/1764000000000-ledger.js';
import { ReadModel1764100000000 } from './migrations/1764100000000-read-model.js';
import { Beneficiaries1764200000000 } from './migrations/1764200000000-beneficiaries.js';
import { CallbackRequests1763900000001 } from './migrations/1763900000001-callback-requests.js';
import { CurrencyRates1763900000002 } from './migrations/1763900000002-currency-rates.js';
import { SandboxRail1764300000001 } from './migrations/1764300000001-sandbox-rail.js';
import { Payouts1764300000002 } from './migrations/1764300000002-payouts.js';
import { SandboxRailCallAccount1764300000003 } from './migrations/1764300000003-sandbox-rail-call-account.js';
import { AmountBounds1764400000000 } from './migrations/1764400000000-amount-bounds.js';
import { ReadModelPartyDetails1764500000000 } from './migrations/1764500000000-read-model-party-details.js';
import { LedgerHelpers1764600000000 } from './migrations/1764600000000-ledger-helpers.js';
import { OutboxLease1764600000001 } from './migrations/1764600000001-outbox-lease.js';
import { UserStatusReason1764700000100 } from './migrations/1764700000100-user-status-reason.js';
import { Partners1764700000600 } from './migrations/1764700000600-partners.js';
import { UserServiceOverrides1764700000200 } from './migrations/1764700000200-user-service-overrides.js';
import { Kyc1764700000300 } from './migrations/1764700000300-kyc.js';
import { MerchantCity1764700000400 } from './migrations/1764700000400-merchant-city.js';
import { Commissions1764800000300 } from './migrations/1764800000300-commissions.js';
import { AuditLogTimeIndex1764900000100 } from './migrations/1764900000100-audit-log-time-index.js';
import { CallbackHandling1764900000200 } from './migrations/1764900000200-callback-handling.js';
import { LedgerSignedHeads1764900000740 } from './migrations/1764900000740-ledger-signed-heads.js';
import { VerifyRuns1764900000741 } from './migrations/1764900000741-verify-runs.js';
import { MonthCloses1764900001400 } from './migrations/1764900001400-month-closes.js';
import { NoticesComplaints1764900001500 } from './migrations/1764900001500-notices-complaints.js';
import { TransactionReportIndexes1765000014100 } from './migrations/1765000014100-transaction-report-indexes.js';
import { NoticeAnnouncements1765000014200 } from './migrations/1765000014200-notice-announcements.js';
import { PayoutProcessingRecorded1765100002000 } from './migrations/1765100002000-payout-processing-recorded.js';
import { AppendProjected1765100001000 } from './migrations/1765100001000-append-projected.js';
import { PaymentTrackerIndexes1764900000700 } from './migrations/1764900000700-payment-tracker-indexes.js';
import { Onboarding1764700000500 } from './migrations/1764700000500-onboarding.js';
import { OverdraftLimits1764800000100 } from './migrations/1764800000100-overdraft-limits.js';
import { BalanceHoldings1764800000101 } from './migrations/1764800000101-balance-holdings.js';
import { FundRequests1764800000200 } from './migrations/1764800000200-fund-requests.js';
import { LedgerAppendBatch1765100003000 } from './migrations/1765100003000-ledger-append-batch.js';
import { CompensationAccount1765200001000 } from './migrations/1765200001000-compensation-account.js';
import { WebhookDeliveryRetries1765300023000 } from './migrations/1765300023000-webhook-delivery-retries.js';
import { UsersPan1765300023160 } from './migrations/1765300023160-users-pan.js';
import { CredentialExpiry1765400031500 } from './migrations/1765400031500-credential-expiry.js';
import { BalanceVersion1765300002300 } from './migrations/1765300002300-balance-version.js';
import { PartnerKeySigning1765400031100 } from './migrations/1765400031100-partner-key-signing.js';
import { PartnerKeyOtps1765400031110 } from './migrations/1765400031110-partner-key-otps.js';
import { SessionLastSeen1765400031300 } from './migrations/1765400031300-session-last-seen.js';
import { LedgerReads1765400024200 } from './migrations/1765400024200-ledger-reads.js';
import { AdminApprovals1765400031600 } from './migrations/1765400031600-admin-approvals.js';
import { DmtRemitters1765400032000 } from './migrations/1765400032000-dmt-remitters.js';

/**
 * One place that knows how Khata talks to Postgres; the app, the tests and the CLI share it.
 * TypeORM makes the pool and runs the migrations, nothing more: queries are SQL by hand on
 * `Db` and `UnitOfWork` (unit-of-work.ts), and int8 arrives as a checked number (khataTypes).
 */
export function dataSourceOptions(
  databaseUrl: string,
  applicationName = 'khata-api',
  atRest?: DataAtRest,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    applicationName,
    migrations: [
      CreateUsers1763700000000,
      Identity1763800000000,
      CallbackRequests1763900000001,
      CurrencyRates1763900000002,
      Ledger1764000000000,
      ReadModel1764100000000,
      Beneficiaries1764200000000,
      SandboxRail1764300000001,
      Payouts1764300000002,
      SandboxRailCallAccount1764300000003,
      AmountBounds1764400000000,
      ReadModelPartyDetails1764500000000,
      LedgerHelpers1764600000000,
      OutboxLease1764600000001,
      UserStatusReason1764700000100,
      Partners1764700000600,
      UserServiceOverrides1764700000200,
      Kyc1764700000300,
      MerchantCity1764700000400,
      Onboarding1764700000500,
      OverdraftLimits1764800000100,
      BalanceHoldings1764800000101,
      FundRequests1764800000200,
      Commissions1764800000300,
      AuditLogTimeIndex1764900000100,
      CallbackHandling1764900000200,
      LedgerSignedHeads1764900000740,
      VerifyRuns1764900000741,
      MonthCloses1764900001400,
      NoticesComplaints1764900001500,
      TransactionReportIndexes1765000014100,
      NoticeAnnouncements1765000014200,
      PaymentTrackerIndexes1764900000700,
      LedgerAppendBatch1765100003000,
      CompensationAccount1765200001000,
      WebhookDeliveryRetries1765300023000,
      UsersPan1765300023160,
      CredentialExpiry1765400031500,
      PayoutProcessingRecorded1765100002000,
      AppendProjected1765100001000,
      BalanceVersion1765300002300,
      PartnerKeySigning1765400031100,
      PartnerKeyOtps1765400031110,
      SessionLastSeen1765400031300,
      // Seals what was kept in clear: made with the keys (undefined where nothing is to seal).
      dataAtRestMigration(atRest),
      AdminApprovals1765400031600,
      LedgerReads1765400024200,
      DmtRemitters1765400032000,
      DmtScheme1765400032050,
      DmtTransfers1765400032100,
      PpiTransfers1765400032200,
      AepsTransactions1765400032250,
      SandboxAeps1765400032300,
      Bbps1765400032400,
      SandboxBbps1765400032450,
      BbpsComplaints1765400032500,
      OtpRepeatTries1765400032600,
      PgLoads1765400032700,
      RentAgreements1765400032800,
      PgRefunding1765400032900,
      UserLanguage1765400033000,
      LedgerHoldsSeqIndexes1765400033100,
    ],
    migrationsRun: false,
    synchronize: false,
    extra: { max: 20, connectionTimeoutMillis: 5000, types: khataTypes },
  };
}

/**
 * Applies every pending migration, each in its own transaction; returns their names. Under a
 * session advisory lock, so processes starting together (an API and a worker, or `npm start`'s
 * several) migrate one after another: the later ones find nothing pending.
 */
export async function migrate(databaseUrl: string, atRest?: DataAtRest): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, 'khata-migrate', atRest));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query("SELECT pg_advisory_lock(hashtext('khata:migrate'))");
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    // Ending the session (destroy) would release it too, also when a migration failed.
    await lock.query("SELECT pg_advisory_unlock(hashtext('khata:migrate'))").catch(() => {});
    await lock.release();
    await dataSource.destroy();
  }
}
