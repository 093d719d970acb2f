import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  checkCallbackMessage,
  checkCallbackName,
  checkMobile,
  CallbackHandlingMessages,
  checkCallbackNote,
  checkCallbackStatus,
  type CallbackRequestAnswer,
  type HandleCallbackAnswer,
  type ListCallbackRequestsAnswer,
} from '@khata/domain';
import { ForKinds, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { valueOf } from '../common/http/value-of.js';
import {
  callbackPaging,
  CallbackMessages,
  checkCallbackId,
  HandleCallbackDto,
  ListCallbackRequestsDto,
  RequestCallbackDto,
  toCallbackRequestRecord,
} from './callbacks.dto.js';
import { HandleCallbackCommand } from './commands/handle-callback.command.js';
import { RequestCallbackCommand } from './commands/request-callback.command.js';
import { ListCallbackRequestsQuery } from './queries/list-callback-requests.query.js';

@Controller()
export class CallbacksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The public shell's call-back box (API.md, public calls). */
  @Post('public/callback-request')
  @HttpCode(200)
  @Public()
  async requestCallback(
    @Body() body: RequestCallbackDto,
    @Context() context: RequestContext,
  ): Promise<CallbackRequestAnswer> {
    await this.commands.execute(
      new RequestCallbackCommand(
        valueOf(checkCallbackName(body.name)),
        valueOf(checkMobile(body.mobile)),
        valueOf(checkCallbackMessage(body.message)),
        context,
      ),
    );
    return { success: true, message: CallbackMessages.thanks };
  }

  /** Ours: the requests to call back, newest first, for the admin area. */
  @Post('admin/callback-requests')
  @HttpCode(200)
  @ForKinds('admin')
  async listCallbackRequests(
    @Body() body: ListCallbackRequestsDto,
  ): Promise<ListCallbackRequestsAnswer> {
    const { page, pageSize } = pageOf(body, callbackPaging);
    const status = valueOf(checkCallbackStatus(body.status));
    const { requests, total } = await this.queries.execute(
      new ListCallbackRequestsQuery(page, pageSize, status),
    );
    return { success: true, data: requests.map(toCallbackRequestRecord), total, page, pageSize };
  }

  /** Issue 14: an admin called back; marks the request handled once, audited (409 again). */
  @Post('admin/callback-requests/handled')
  @HttpCode(200)
  @ForKinds('admin')
  async handleCallbackRequest(
    @Body() body: HandleCallbackDto,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<HandleCallbackAnswer> {
    const request = await this.commands.execute(
      new HandleCallbackCommand(
        admin,
        valueOf(checkCallbackId(body.id)),
        valueOf(checkCallbackNote(body.note)),
        context,
      ),
    );
    return {
      success: true,
      message: CallbackHandlingMessages.handled,
      request: toCallbackRequestRecord(request),
    };
  }
}
