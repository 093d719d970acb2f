import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ComplaintMessages,
  type ComplaintActAnswer,
  type ComplaintActor,
  type ComplaintAnswer,
  type ComplaintDetail,
  type ComplaintQueueAnswer,
  type ListComplaintsAnswer,
  type RaiseComplaintAnswer,
} from '@khata/domain';
import { ForMenuItem } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { ActOnComplaintCommand } from './commands/act-on-complaint.js';
import { RaiseComplaintCommand } from './commands/raise-complaint.js';
import {
  complaintsPaging,
  ComplaintIdDto,
  ListComplaintsDto,
  RaiseComplaintDto,
  StaffComplaintActDto,
  toComplaintDetail,
  toComplaintSummary,
  UserComplaintActDto,
} from './complaints.dto.js';
import {
  ComplaintAssigneesQuery,
  GetComplaintQuery,
  ListComplaintsQuery,
} from './queries/complaints.queries.js';

/**
 * Issue 14, complaints: Customer Support (raise) and My Complaints for every non-admin of the
 * admin area, Help & Support (the queue) for admins (libs/domain menu.ts).
 */
@Controller()
export class ComplaintsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('user/complaints/raise')
  @HttpCode(200)
  @ForMenuItem('customerSupport')
  async raise(
    @Body() body: RaiseComplaintDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<RaiseComplaintAnswer> {
    const id = await this.commands.execute(
      new RaiseComplaintCommand(user, body.subject, body.text, body.transactionId ?? null, context),
    );
    return {
      success: true,
      message: ComplaintMessages.raised,
      complaint: await this.detail(user, 'user', id),
    };
  }

  @Post('user/complaints')
  @HttpCode(200)
  @ForMenuItem('myComplaints')
  async mine(
    @Body() body: ListComplaintsDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ListComplaintsAnswer> {
    return this.list(user.userId, body);
  }

  @Post('user/complaint')
  @HttpCode(200)
  @ForMenuItem('myComplaints')
  async mineOne(
    @Body() body: ComplaintIdDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ComplaintAnswer> {
    return { success: true, complaint: await this.detail(user, 'user', body.id) };
  }

  @Post('user/complaints/act')
  @HttpCode(200)
  @ForMenuItem('myComplaints')
  async userAct(
    @Body() body: UserComplaintActDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<ComplaintActAnswer> {
    await this.commands.execute(
      new ActOnComplaintCommand(
        user,
        'user',
        body.id,
        body.action,
        body.text ?? null,
        null,
        context,
      ),
    );
    return {
      success: true,
      message: ComplaintMessages.done[body.action],
      complaint: await this.detail(user, 'user', body.id),
    };
  }

  @Post('admin/complaints')
  @HttpCode(200)
  @ForMenuItem('helpAndSupport')
  async queue(@Body() body: ListComplaintsDto): Promise<ComplaintQueueAnswer> {
    const [list, assignees] = await Promise.all([
      this.list(null, body),
      this.queries.execute(new ComplaintAssigneesQuery()),
    ]);
    return { ...list, assignees };
  }

  @Post('admin/complaint')
  @HttpCode(200)
  @ForMenuItem('helpAndSupport')
  async one(
    @Body() body: ComplaintIdDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ComplaintAnswer> {
    return { success: true, complaint: await this.detail(admin, 'staff', body.id) };
  }

  @Post('admin/complaints/act')
  @HttpCode(200)
  @ForMenuItem('helpAndSupport')
  async staffAct(
    @Body() body: StaffComplaintActDto,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<ComplaintActAnswer> {
    await this.commands.execute(
      new ActOnComplaintCommand(
        admin,
        'staff',
        body.id,
        body.action,
        body.text ?? null,
        body.assigneeId ?? null,
        context,
      ),
    );
    return {
      success: true,
      message: ComplaintMessages.done[body.action],
      complaint: await this.detail(admin, 'staff', body.id),
    };
  }

  private async list(userId: string | null, body: ListComplaintsDto) {
    const { page, pageSize } = pageOf(body, complaintsPaging);
    const status = body.status ?? 'all';
    const { complaints, total } = await this.queries.execute(
      new ListComplaintsQuery(userId, status, page, pageSize),
    );
    return {
      success: true as const,
      data: complaints.map(toComplaintSummary),
      total,
      page,
      pageSize,
    };
  }

  private async detail(
    viewer: AuthUser,
    side: ComplaintActor,
    id: string,
  ): Promise<ComplaintDetail> {
    const { complaint, messages } = await this.queries.execute(
      new GetComplaintQuery(viewer, side, id),
    );
    return toComplaintDetail(complaint, messages);
  }
}
