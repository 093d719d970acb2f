import { Command, CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { NoticeMessages } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { NoticeWithdrawnEvent } from '../notice-posted.event.js';
import { NoticesRepository, type Notice } from '../notices.repository.js';

/** An admin takes a notice down (once; again is a 409); audited; the pages showing it drop it. */
export class WithdrawNoticeCommand extends Command<Notice> {
  constructor(
    readonly admin: AuthUser,
    readonly id: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(WithdrawNoticeCommand)
export class WithdrawNoticeHandler implements ICommandHandler<WithdrawNoticeCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notices: NoticesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute({ admin, id, context }: WithdrawNoticeCommand): Promise<Notice> {
    const notice = await this.uow.run(async (tx) => {
      const withdrawn = await this.notices.withdraw(tx, id, admin.userId, this.clock.now());
      const notice = await this.notices.find(tx, id);
      if (!notice) throw new AppError(ErrorKind.NotFound, NoticeMessages.notFound);
      if (!withdrawn) throw new AppError(ErrorKind.Conflict, NoticeMessages.alreadyWithdrawn);
      await this.audit.record(tx, {
        action: 'notice.withdraw',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { noticeId: id, title: notice.title },
      });
      return notice;
    });
    this.events.publish(new NoticeWithdrawnEvent(notice.id, notice.audience));
    return notice;
  }
}
