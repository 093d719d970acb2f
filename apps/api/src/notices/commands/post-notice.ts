import { Command, CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { checkNoticeWindow, noticeState, type NoticeAudience } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { NoticePostedEvent } from '../notice-posted.event.js';
import { NoticesRepository, type Notice } from '../notices.repository.js';

/** An admin posts a notice (title, text, audience, India-time window); audited. */
export class PostNoticeCommand extends Command<Notice> {
  constructor(
    readonly admin: AuthUser,
    readonly title: string,
    readonly body: string,
    readonly audience: NoticeAudience,
    readonly startsAt: string,
    readonly endsAt: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(PostNoticeCommand)
export class PostNoticeHandler implements ICommandHandler<PostNoticeCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notices: NoticesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute(command: PostNoticeCommand): Promise<Notice> {
    const now = this.clock.now();
    const window = checkNoticeWindow(command.startsAt, command.endsAt, now);
    if (!window.ok) throw new AppError(ErrorKind.Invalid, window.message);
    const audience = command.audience === 'all' ? null : command.audience;
    const liveNow = window.value.startsAt <= now;
    const notice = await this.uow.run(async (tx) => {
      const saved = await this.notices.insert(tx, {
        title: command.title,
        body: command.body,
        audience,
        ...window.value,
        createdBy: command.admin.userId,
        createdAt: now,
        announcedAt: liveNow ? now : null,
      });
      await this.audit.record(tx, {
        action: 'notice.post',
        outcome: 'success',
        actorId: command.admin.userId,
        sessionId: command.admin.sessionId,
        context: command.context,
        details: {
          noticeId: saved.id,
          title: saved.title,
          audience: audience ?? 'all',
          startsAt: saved.startsAt.toISOString(),
          endsAt: saved.endsAt.toISOString(),
        },
      });
      return saved;
    });
    // Live now: say so to the addressed roles' open pages. One that starts later is announced
    // by the notice.announce job when its window opens (docs/decisions.md).
    if (liveNow && noticeState(notice, now) === 'live') {
      this.events.publish(NoticePostedEvent.of(notice));
    }
    return notice;
  }
}
