import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NoticeMessages, noticeReaches } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { NoticesRepository } from '../notices.repository.js';

/** A user dismisses a notice addressed to them: stored, so every device of theirs hides it. */
export class DismissNoticeCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(DismissNoticeCommand)
export class DismissNoticeHandler implements ICommandHandler<DismissNoticeCommand> {
  constructor(
    private readonly db: Db,
    private readonly notices: NoticesRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id }: DismissNoticeCommand): Promise<void> {
    const notice = await this.notices.find(this.db, id);
    // A notice for other roles answers like one that does not exist.
    if (!notice || !noticeReaches(notice.audience ?? 'all', user.kind)) {
      throw new AppError(ErrorKind.NotFound, NoticeMessages.notFound);
    }
    await this.notices.dismiss(user.userId, id, this.clock.now());
  }
}
