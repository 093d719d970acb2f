import { Command, CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { COMPLAINT_LIMIT, ComplaintMessages, type ComplaintTransaction } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { ReadModelRepository } from '../../transactions/read-model.repository.js';
import { ComplaintUpdatedEvent } from '../complaint-updated.event.js';
import { complaintNumber } from '../complaints.dto.js';
import { NewComplaints } from '../new-complaints.js';

/** New complaints per user and hour; one that was not stored gives its point back. */
export const ComplaintLimit = {
  name: 'complaint-user',
  points: COMPLAINT_LIMIT.perUser,
  windowSeconds: COMPLAINT_LIMIT.windowSeconds,
  refusal: (seconds) => ComplaintMessages.tooMany(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

/** A user raises a complaint: general, or about a transaction that must be their own. */
export class RaiseComplaintCommand extends Command<string> {
  constructor(
    readonly user: AuthUser,
    readonly subject: string,
    readonly text: string,
    readonly transactionId: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RaiseComplaintCommand)
export class RaiseComplaintHandler implements ICommandHandler<RaiseComplaintCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly complaints: NewComplaints,
    private readonly readModel: ReadModelRepository,
    private readonly limiter: RateLimiter,
    private readonly events: EventBus,
  ) {}

  async execute({ user, subject, text, transactionId, context }: RaiseComplaintCommand) {
    await this.limiter.consume(ComplaintLimit, user.userId);
    try {
      let transaction: ComplaintTransaction | null = null;
      if (transactionId) {
        // The caller's own side of it only: someone else's answers like one that does not exist.
        const record = await this.readModel.find(transactionId, user.userId);
        if (!record) throw new AppError(ErrorKind.NotFound, ComplaintMessages.transactionNotFound);
        transaction = {
          id: record._id,
          type: record.type,
          status: record.status,
          amount: record.amount.amount,
          orderId: record.payload.orderID ?? null,
          createdAt: record.createdAt,
        };
      }
      const { id, number } = await this.uow.run((tx) =>
        this.complaints.store(tx, user, { subject, transaction, text }, context),
      );
      this.events.publish(
        new ComplaintUpdatedEvent(user.userId, {
          id,
          number: complaintNumber(number),
          status: 'open',
          by: 'user',
          action: 'raise',
        }),
      );
      return id;
    } catch (error) {
      await this.limiter.giveBack(ComplaintLimit, user.userId);
      throw error;
    }
  }
}
