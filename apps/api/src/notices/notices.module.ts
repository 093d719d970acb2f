import { Module } from '@nestjs/common';
import { AnnounceNoticesHandler } from './announce-notices.job.js';
import { DismissNoticeHandler } from './commands/dismiss-notice.js';
import { PostNoticeHandler } from './commands/post-notice.js';
import { WithdrawNoticeHandler } from './commands/withdraw-notice.js';
import { NoticesController } from './notices.controller.js';
import { NoticesRepository } from './notices.repository.js';
import { ActiveNoticesHandler, ListNoticesHandler } from './queries/list-notices.js';

/** Notices (issue 14): posted by admins, shown live and on the dashboard until dismissed. */
@Module({
  controllers: [NoticesController],
  providers: [
    NoticesRepository,
    PostNoticeHandler,
    WithdrawNoticeHandler,
    DismissNoticeHandler,
    ListNoticesHandler,
    ActiveNoticesHandler,
    AnnounceNoticesHandler,
  ],
})
export class NoticesModule {}
