import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { newWebhookSecret } from '../api-key-material.js';
import { PartnerWebhooksRepository, toWebhookState } from '../partner-webhooks.repository.js';
import { acceptedWebhookUrl } from '../webhook-url.js';
import {
  RotateWebhookSecretCommand,
  SetWebhookCommand,
  type WebhookChanged,
} from './set-webhook.command.js';

@CommandHandler(SetWebhookCommand)
export class SetWebhookHandler implements ICommandHandler<SetWebhookCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ partner, url: sent, context }: SetWebhookCommand): Promise<WebhookChanged> {
    const url = acceptedWebhookUrl(sent, this.config);
    return this.uow.run(async (tx) => {
      const before = await this.webhooks.find(tx, partner.userId);
      const secret = before?.secret ? undefined : newWebhookSecret();
      await this.webhooks.setUrl(tx, partner.userId, url, secret ?? null, this.clock.now());
      await this.audit.record(tx, {
        action: 'partner.webhook-set',
        outcome: 'success',
        actorId: partner.userId,
        subjectId: partner.userId,
        sessionId: partner.sessionId,
        context,
        details: { url, secretMade: Boolean(secret) },
      });
      const webhook = toWebhookState(await this.webhooks.find(tx, partner.userId));
      return secret ? { webhook, secret } : { webhook };
    });
  }
}

@CommandHandler(RotateWebhookSecretCommand)
export class RotateWebhookSecretHandler implements ICommandHandler<RotateWebhookSecretCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly pins: PinVerifier,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({ partner, pin, context }: RotateWebhookSecretCommand): Promise<WebhookChanged> {
    await this.pins.verify({ userId: partner.userId }, pin, context);
    return this.uow.run(async (tx) => {
      const secret = newWebhookSecret();
      await this.webhooks.setSecret(tx, partner.userId, secret, this.clock.now());
      await this.audit.record(tx, {
        action: 'partner.webhook-secret-rotate',
        outcome: 'success',
        actorId: partner.userId,
        subjectId: partner.userId,
        sessionId: partner.sessionId,
        context,
      });
      return { webhook: toWebhookState(await this.webhooks.find(tx, partner.userId)), secret };
    });
  }
}
