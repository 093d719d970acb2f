import { Module } from '@nestjs/common';
import { PG_GATEWAYS, type PgGateway } from '@khata/domain';
import { AuthModule } from '../auth/auth.module.js';
import { CommissionsModule } from '../commissions/commissions.module.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { type PgGatewayAdapter, PgGateways } from './pg-gateway.js';
import { PgLedger } from './pg-ledger.js';
import { PgLoads } from './pg-loads.js';
import { PgOrdersRepository } from './pg-orders.repository.js';
import { PgReconcileHandler } from './pg-reconcile.job.js';
import { PgSettlements } from './pg-settlements.js';
import { PgController, PgWebhookController } from './pg.controller.js';
import { SandboxPgBook } from './sandbox-pg-book.repository.js';
import { SandboxPgController } from './sandbox-pg.controller.js';
import { SandboxPgDesk } from './sandbox-pg-desk.js';
import { SandboxPgGateway, sandboxSecrets } from './sandbox-pg-gateway.js';
import { SandboxPgWebhookHandler } from './sandbox-pg-webhook.job.js';

class ConfiguredPgGateways extends PgGateways {
  constructor(private readonly adapters: Map<PgGateway, PgGatewayAdapter>) {
    super();
  }

  get(gateway: PgGateway): PgGatewayAdapter | undefined {
    return this.adapters.get(gateway);
  }
}

/**
 * Wallet loads through a payment gateway (issue 28): Pay10, Finkeda and Paycel behind one
 * adapter, each the sandbox or off (PG_PAY10, PG_FINKEDA, PG_PAYCEL), the reconciler, the
 * settlement import, and the sandbox gateway's own pages and webhooks.
 */
@Module({
  imports: [AuthModule, CommissionsModule, TransactionsModule],
  controllers: [PgController, PgWebhookController, SandboxPgController],
  providers: [
    SandboxPgBook,
    {
      provide: PgGateways,
      inject: [APP_CONFIG, SandboxPgBook],
      useFactory: (config: AppConfig, book: SandboxPgBook) =>
        new ConfiguredPgGateways(
          new Map(
            PG_GATEWAYS.filter((gateway) => config.pg.gateways[gateway] === 'sandbox').map(
              (gateway) => [
                gateway,
                new SandboxPgGateway(gateway, book, sandboxSecrets(gateway, config.jwtSecret)),
              ],
            ),
          ),
        ),
    },
    PgOrdersRepository,
    PgLedger,
    PgLoads,
    PgSettlements,
    SandboxPgDesk,
    SandboxPgWebhookHandler,
    PgReconcileHandler,
  ],
})
export class PgModule {}
