import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { roleName, Services } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import type { OnboardedUser } from '@khata/domain';
import { UserCreator } from '../../users/user-creator.js';
import { PartnerWebhooksRepository } from '../partner-webhooks.repository.js';
import { acceptedWebhookUrl } from '../webhook-url.js';
import { CreatePartnerCommand } from './create-partner.command.js';

/**
 * The partner, its wallet (funded later by an admin credit) and, when given, its webhook URL,
 * in one transaction with the audit line. A partner pays out from its own systems, so it gets
 * the payout service; its signing secret is made by the partner itself, shown only to it.
 */
@CommandHandler(CreatePartnerCommand)
export class CreatePartnerHandler implements ICommandHandler<CreatePartnerCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly creator: UserCreator,
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ admin, partner, context }: CreatePartnerCommand): Promise<OnboardedUser> {
    const webhookUrl = partner.webhookUrl && acceptedWebhookUrl(partner.webhookUrl, this.config);
    return this.uow.run(async (tx) => {
      const created = await this.creator.create(tx, {
        name: partner.name,
        mobile: partner.mobile,
        role: roleName('partner', this.config.productKey),
        parentId: admin.userId,
        shopName: partner.businessName,
        services: [Services.wallet, Services.payout],
        password: partner.password,
        pin: partner.pin,
        // The admin who creates a partner has vetted the business (docs/decisions.md, partners).
        kycState: 'approved',
      });
      if (webhookUrl) {
        await this.webhooks.setUrl(tx, created.id, webhookUrl, null, this.clock.now());
      }
      await this.audit.record(tx, {
        action: 'partner.create',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: created.id,
        sessionId: admin.sessionId,
        context,
        details: { businessName: partner.businessName, webhookUrl: webhookUrl || null },
      });
      return { id: created.id, mobile: created.mobile, role: created.role };
    });
  }
}
