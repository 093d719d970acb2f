import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  USER_ACTION_KINDS,
  USERS_CSV_MAX_ROWS,
  UsersAdminMessages,
  usersPaging,
  type ListUsersAnswer,
  type SetUserStatusAnswer,
  type UserDetailsAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { ForKinds, ForMenuItem } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { SetUserStatusCommand } from './commands/set-user-status.js';
import { GetUserDetailsQuery } from './queries/get-user-details.js';
import { CountUsersQuery, ListUsersQuery, type UserListCriteria } from './queries/list-users.js';
import {
  ListUsersDto,
  SetUserStatusDto,
  toUserListRow,
  UserDetailsDto,
} from './users-admin.dto.js';
import { usersCsv } from './users-csv.js';
import { pageOf, rowsOfPage } from '../common/http/paging.js';

/** The checked filters: the DTO's fields hold the rules' values once validation has passed. */
function criteriaOf(body: ListUsersDto): UserListCriteria {
  return {
    search: body.search,
    role: body.role,
    status: body.status,
    kycState: body.kycState,
    sort: body.sort ?? 'createdAt',
    order: body.order ?? 'desc',
  };
}

const viewerOf = (user: AuthUser) => ({
  userId: user.userId,
  kind: user.kind,
  services: user.services,
  sessionId: user.sessionId,
});

/**
 * All Users and User details (issue 12): the allUsers menu item's people, admins and the three
 * distributor tiers, each scoped by the network rule. Outside the caller's network is 404.
 */
@Controller('admin')
export class UsersAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('users')
  @HttpCode(200)
  @ForMenuItem('allUsers')
  async list(@CurrentUser() user: AuthUser, @Body() body: ListUsersDto): Promise<ListUsersAnswer> {
    const { page, pageSize } = pageOf(body, usersPaging);
    const { rows, total } = await this.queries.execute(
      new ListUsersQuery(viewerOf(user), criteriaOf(body), rowsOfPage(page, pageSize)),
    );
    return { success: true, data: rows.map(toUserListRow), total, page, pageSize };
  }

  /** The filtered list, every page, as a CSV file (at most USERS_CSV_MAX_ROWS rows). */
  @Post('users/csv')
  @HttpCode(200)
  @ForMenuItem('allUsers')
  @ApiProduces('text/csv')
  async csv(
    @CurrentUser() user: AuthUser,
    @Body() body: ListUsersDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const criteria = criteriaOf(body);
    const total = await this.queries.execute(new CountUsersQuery(viewerOf(user), criteria));
    if (total > USERS_CSV_MAX_ROWS) {
      throw new AppError(ErrorKind.Refused, UsersAdminMessages.tooManyForCsv(total));
    }
    const { rows } = await this.queries.execute(
      new ListUsersQuery(viewerOf(user), criteria, { limit: USERS_CSV_MAX_ROWS, offset: 0 }),
    );
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="users.csv"');
    response.setHeader('Cache-Control', 'no-store');
    return usersCsv(rows.map(toUserListRow));
  }

  @Post('userDetails')
  @HttpCode(200)
  @ForMenuItem('allUsers')
  async details(
    @CurrentUser() user: AuthUser,
    @Body() body: UserDetailsDto,
  ): Promise<UserDetailsAnswer> {
    const data = await this.queries.execute(new GetUserDetailsQuery(viewerOf(user), body.userId));
    return { success: true, data };
  }

  @Post('userStatus')
  @HttpCode(200)
  @ForKinds(...USER_ACTION_KINDS)
  async setStatus(
    @CurrentUser() user: AuthUser,
    @Body() body: SetUserStatusDto,
    @Headers('pin') pin: unknown,
    @Context() context: RequestContext,
  ): Promise<SetUserStatusAnswer> {
    const change = await this.commands.execute(
      new SetUserStatusCommand(viewerOf(user), body.userId, body.status, body.reason, pin, context),
    );
    const message = !change.changed
      ? UsersAdminMessages.unchanged
      : change.status === 'blocked'
        ? UsersAdminMessages.deactivated
        : UsersAdminMessages.activated;
    return {
      success: true,
      message,
      data: { userId: change.userId, status: change.status, sessionsEnded: change.sessionsEnded },
    };
  }
}
