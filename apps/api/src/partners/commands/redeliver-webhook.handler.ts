import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerMessages, type WebhookDeliverySummary } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { EnqueuesJobs } from '../../jobs/job-definition.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { partnerWebhookJob } from '../partner-webhook.job.js';
import { deliveryJobId, PartnerWebhooksRepository } from '../partner-webhooks.repository.js';
import { RedeliverWebhookCommand } from './redeliver-webhook.command.js';

/**
 * A failed event goes back to pending and a new round of tries is queued under a job id of its
 * own (the failed round's job is kept, so its id would queue nothing). The payload is the row's,
 * untouched: the partner gets the same event id and can drop it if it did take it after all.
 * Queued after commit; if the queue is down then, the sweep queues it within minutes.
 */
@CommandHandler(RedeliverWebhookCommand)
@EnqueuesJobs(partnerWebhookJob)
export class RedeliverWebhookHandler implements ICommandHandler<RedeliverWebhookCommand> {
  private readonly logger = new Logger('PartnerWebhooks');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({
    actor,
    partnerId,
    eventId,
    context,
  }: RedeliverWebhookCommand): Promise<WebhookDeliverySummary> {
    const round = await this.uow.run(async (tx) => {
      const reopened = await this.webhooks.reopenFailed(tx, partnerId, eventId, this.clock.now());
      if (reopened === undefined) {
        const found = await this.webhooks.findListed(partnerId, eventId);
        // Another partner's event answers exactly like one that does not exist.
        if (!found) throw new AppError(ErrorKind.NotFound, PartnerMessages.deliveryNotFound);
        throw new AppError(ErrorKind.Conflict, PartnerMessages.deliveryNotFailed);
      }
      await this.audit.record(tx, {
        action: 'partner.webhook-redeliver',
        outcome: 'success',
        actorId: actor.userId,
        subjectId: partnerId,
        sessionId: actor.sessionId,
        context,
        details: { eventId, round: reopened },
      });
      return reopened;
    });
    const jobId = deliveryJobId(eventId, round);
    await this.jobs
      .enqueue(partnerWebhookJob, { eventId }, { jobId })
      .catch((error: Error) =>
        this.logger.error(`Webhook ${eventId} reopened but not queued: ${error.message}`),
      );
    const delivery = await this.webhooks.findListed(partnerId, eventId);
    if (!delivery) throw new AppError(ErrorKind.NotFound, PartnerMessages.deliveryNotFound);
    return delivery;
  }
}
