import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { OnboardingModule } from '../onboarding/onboarding.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { CallNonces } from './call-nonces.js';
import { CreateApiKeyHandler } from './commands/create-api-key.handler.js';
import { CreatePartnerHandler } from './commands/create-partner.handler.js';
import { RevokeApiKeyHandler } from './commands/revoke-api-key.handler.js';
import { SendApiKeyOtpHandler } from './commands/send-api-key-otp.handler.js';
import { RotateWebhookSecretHandler, SetWebhookHandler } from './commands/set-webhook.handler.js';
import { PartnerApiController } from './partner-api.controller.js';
import { PartnerAreaController } from './partner-area.controller.js';
import { PartnerKeyOtps } from './partner-key-otps.js';
import { PartnerKeyOtpsRepository } from './partner-key-otps.repository.js';
import { PartnerKeysRepository } from './partner-keys.repository.js';
import { PartnerSms } from './partner-sms.js';
import { PartnerWebhookHandler } from './partner-webhook.job.js';
import { PartnerWebhooksRepository } from './partner-webhooks.repository.js';
import { PartnerOversightController } from './partner-oversight.controller.js';
import { PartnersAdminController } from './partners-admin.controller.js';
import { RedeliverWebhookHandler } from './commands/redeliver-webhook.handler.js';
import { ListWebhookDeliveriesHandler } from './queries/list-webhook-deliveries.js';
import { MustBePartnerHandler } from './queries/must-be-partner.js';
import { PayoutWebhooksHandler } from './payout-webhooks.handler.js';
import { GetWebhookHandler } from './queries/get-webhook.js';
import { ListApiKeysHandler } from './queries/list-api-keys.js';
import { WebhookSweepHandler } from './webhook-sweep.job.js';
import { WebhookSender } from './webhook-sender.js';

/**
 * Partners (issue 12): businesses that pay out from their own systems. The admin makes one;
 * the partner manages API keys and its webhook in its own area; its systems call the machine
 * API (signed, key-scoped) which feeds the payouts pipeline; payout events go back to it as
 * signed webhooks through the job queue.
 */
@Module({
  imports: [
    AuthModule,
    AuditModule,
    BeneficiariesModule,
    CredentialsModule,
    OnboardingModule,
    UsersModule,
  ],
  controllers: [
    PartnersAdminController,
    PartnerAreaController,
    PartnerApiController,
    PartnerOversightController,
  ],
  providers: [
    PartnerKeysRepository,
    PartnerKeyOtpsRepository,
    PartnerKeyOtps,
    PartnerWebhooksRepository,
    PartnerSms,
    CallNonces,
    ApiKeyGuard,
    CreatePartnerHandler,
    SendApiKeyOtpHandler,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    SetWebhookHandler,
    RotateWebhookSecretHandler,
    ListApiKeysHandler,
    GetWebhookHandler,
    PayoutWebhooksHandler,
    PartnerWebhookHandler,
    WebhookSender,
    WebhookSweepHandler,
    RedeliverWebhookHandler,
    ListWebhookDeliveriesHandler,
    MustBePartnerHandler,
  ],
})
export class PartnersModule {}
