import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module.js';
import { KycModule } from '../kyc/kyc.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApplyRailWebhookHandler } from './commands/apply-rail-webhook.handler.js';
import { CheckPayoutHandler } from './commands/check-payout.handler.js';
import { RequestPayoutHandler } from './commands/request-payout.handler.js';
import { ResolvePayoutHandler } from './commands/resolve-payout.handler.js';
import { PayCompensationHandler } from './commands/pay-compensation.handler.js';
import { OutboxRelay } from './outbox-relay.js';
import { PayoutLedger } from './payout-ledger.js';
import { PayoutProcessor } from './payout-processor.js';
import { PayoutRailStore } from './payout-rail-store.js';
import { PayoutSweeper } from './payout-sweeper.js';
import { PayoutsAdminController } from './payouts-admin.controller.js';
import { PayoutsController } from './payouts.controller.js';
import { PayoutsRepository } from './payouts.repository.js';
import { ProcessPayoutHandler } from './process-payout.job.js';
import { RailWebhookController } from './rail-webhook.controller.js';
import { LastPayoutsHandler } from './queries/last-payouts.handler.js';
import { StuckPayoutsHandler } from './queries/stuck-payouts.handler.js';
import { PaymentOperationsHandler } from './queries/payment-operations.handler.js';
import { QuotePaymentHandler } from './queries/quote-payment.handler.js';
import { PaymentFees } from './payment-fees.js';
import { PayoutOpener } from './payout-opener.js';
import { CompensationReads } from './compensation-reads.js';
import { CompensationWriter } from './compensation-writer.js';
import { PayoutRequestReads } from './payout-request-reads.js';

/**
 * Payouts and AEPS settlements: request (hold + row + outbox in one transaction), relay to the
 * job queue, the worker's state machine against the bank rail (RailModule), the sweep, and the
 * admin's view of stuck payouts.
 */
@Module({
  imports: [
    AuthModule,
    CredentialsModule,
    UsersModule,
    BeneficiariesModule,
    KycModule,
    CommissionsModule,
    TransactionsModule,
  ],
  controllers: [PayoutsController, PayoutsAdminController, RailWebhookController],
  providers: [
    PayoutsRepository,
    PayoutLedger,
    PayoutProcessor,
    PayoutRailStore,
    OutboxRelay,
    PayoutSweeper,
    ProcessPayoutHandler,
    RequestPayoutHandler,
    CheckPayoutHandler,
    ResolvePayoutHandler,
    PayCompensationHandler,
    ApplyRailWebhookHandler,
    LastPayoutsHandler,
    StuckPayoutsHandler,
    PaymentOperationsHandler,
    PaymentFees,
    PayoutRequestReads,
    PayoutOpener,
    CompensationReads,
    CompensationWriter,
    QuotePaymentHandler,
  ],
  exports: [PayoutProcessor],
})
export class PayoutsModule {}
