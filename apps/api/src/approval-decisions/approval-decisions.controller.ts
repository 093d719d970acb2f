import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApprovalMessages,
  type ApprovalDecisionAnswer,
  type ApprovalListAnswer,
} from '@khata/domain';
import { ForMenuItem, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { ApprovalDecisionDto, ApprovalListDto } from './approval-decisions.dto.js';
import { DecideApprovalCommand } from './commands/decide-approval.command.js';
import { ListApprovalsQuery } from './queries/list-approvals.js';

/** Four eyes (issue 31 item 4): the admins' Approvals queue and the second admin's decision. */
@Controller('admin/approvals')
export class ApprovalDecisionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(200)
  @ForMenuItem('approvals')
  async list(
    @Body() body: ApprovalListDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ApprovalListAnswer> {
    const data = await this.queries.execute(new ListApprovalsQuery(admin, body.state ?? 'open'));
    return { success: true, data };
  }

  @Post('decide')
  @HttpCode(200)
  @ForMenuItem('approvals')
  // The second admin's approval posts money: never from a sign-in link's session (item 3).
  @NotInLinkSession()
  async decide(
    @Body() body: ApprovalDecisionDto,
    @PinHeader() pin: unknown,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<ApprovalDecisionAnswer> {
    const approval = await this.commands.execute(
      new DecideApprovalCommand(admin, body.id, body.action, body.reason, pin, context),
    );
    return {
      success: true,
      message: body.action === 'approve' ? ApprovalMessages.approved : ApprovalMessages.rejected,
      approval,
    };
  }
}
