import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { roleName, Services } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import type { OnboardedUser } from '@khata/domain';
import { Enrolment } from '../../onboarding/enrolment.js';
import { PartnerWebhooksRepository } from '../partner-webhooks.repository.js';
import { acceptedWebhookUrl } from '../webhook-url.js';
import { CreatePartnerCommand } from './create-partner.command.js';

/**
 * The partner, its wallet (funded later by an admin credit) and, when given, its webhook URL,
 * in one transaction with the audit line. A partner pays out from its own systems, so it gets
 * the payout service; its signing secret is made by the partner itself, shown only to it.
 * Its credentials take onboarding's path: a temporary password by SMS (sent last, inside the
 * transaction: no SMS, no partner), a PIN told to nobody, both set by the partner at first
 * sign-in; the admin never knows either. Making one takes the admin's PIN, and every admin is
 * told by SMS (issue 31 item 4).
 */
@CommandHandler(CreatePartnerCommand)
export class CreatePartnerHandler implements ICommandHandler<CreatePartnerCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly enrolment: Enrolment,
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ admin, partner, context, pin }: CreatePartnerCommand): Promise<OnboardedUser> {
    const webhookUrl = partner.webhookUrl && acceptedWebhookUrl(partner.webhookUrl, this.config);
    await this.enrolment.confirmCreator(admin, pin, context);
    return this.uow.run(async (tx) => {
      const enrolled = await this.enrolment.enrol(
        tx,
        {
          name: partner.name,
          mobile: partner.mobile,
          role: roleName('partner', this.config.productKey),
          parentId: admin.userId,
          shopName: partner.businessName,
          services: [Services.wallet, Services.payout],
          // The admin who creates a partner has vetted the business (docs/decisions.md,
          // partners); with no KYC submission behind it, the KYC screens say it was not checked.
          kycState: 'approved',
        },
        null,
      );
      const created = enrolled.user;
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
        details: {
          businessName: partner.businessName,
          webhookUrl: webhookUrl || null,
          credentials: 'temporary-by-sms',
        },
      });
      await this.enrolment.announce(tx, enrolled, 'partner', admin);
      return { id: created.id, mobile: created.mobile, role: created.role };
    });
  }
}
