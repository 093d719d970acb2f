import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  NoticeMessages,
  type ActiveNoticesAnswer,
  type ListNoticesAnswer,
  type MessageAnswer,
  type PostNoticeAnswer,
  type WithdrawNoticeAnswer,
} from '@khata/domain';
import { ForMenuItem, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { DismissNoticeCommand } from './commands/dismiss-notice.js';
import { PostNoticeCommand } from './commands/post-notice.js';
import { WithdrawNoticeCommand } from './commands/withdraw-notice.js';
import {
  ListNoticesDto,
  noticesPaging,
  NoticeIdDto,
  PostNoticeDto,
  toActiveNotice,
  toNoticeRecord,
} from './notices.dto.js';
import { ActiveNoticesQuery, ListNoticesQuery } from './queries/list-notices.js';

/** Issue 14, Post Notice: admins post and withdraw notices; everyone reads and dismisses theirs. */
@Controller()
export class NoticesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  @Post('admin/postNotice')
  @HttpCode(200)
  @ForMenuItem('postNotice')
  async post(
    @Body() body: PostNoticeDto,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<PostNoticeAnswer> {
    const notice = await this.commands.execute(
      new PostNoticeCommand(
        admin,
        body.title,
        body.body,
        body.audience,
        body.startsAt,
        body.endsAt,
        context,
      ),
    );
    return {
      success: true,
      message: NoticeMessages.posted,
      notice: toNoticeRecord(notice, this.clock.now()),
    };
  }

  @Post('admin/notices')
  @HttpCode(200)
  @ForMenuItem('postNotice')
  async list(@Body() body: ListNoticesDto): Promise<ListNoticesAnswer> {
    const { page, pageSize } = pageOf(body, noticesPaging);
    const { notices, total, now } = await this.queries.execute(
      new ListNoticesQuery(page, pageSize),
    );
    return {
      success: true,
      data: notices.map((notice) => toNoticeRecord(notice, now)),
      total,
      page,
      pageSize,
    };
  }

  @Post('admin/notices/withdraw')
  @HttpCode(200)
  @ForMenuItem('postNotice')
  async withdraw(
    @Body() body: NoticeIdDto,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<WithdrawNoticeAnswer> {
    const notice = await this.commands.execute(new WithdrawNoticeCommand(admin, body.id, context));
    return {
      success: true,
      message: NoticeMessages.withdrawn,
      notice: toNoticeRecord(notice, this.clock.now()),
    };
  }

  /** The dashboard's notices: live now, for the caller's role, not dismissed. */
  @Post('user/notices')
  @HttpCode(200)
  @SignedIn()
  async active(@CurrentUser() user: AuthUser): Promise<ActiveNoticesAnswer> {
    const notices = await this.queries.execute(new ActiveNoticesQuery(user));
    return { success: true, data: notices.map(toActiveNotice) };
  }

  @Post('user/notices/dismiss')
  @HttpCode(200)
  @SignedIn()
  async dismiss(@Body() body: NoticeIdDto, @CurrentUser() user: AuthUser): Promise<MessageAnswer> {
    await this.commands.execute(new DismissNoticeCommand(user, body.id));
    return { success: true, message: NoticeMessages.dismissed };
  }
}
