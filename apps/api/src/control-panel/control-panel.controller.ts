import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { ControlPanelAnswer, MessageAnswer } from '@khata/domain';
import { NotInLinkSession, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { ChangePasswordCommand } from './commands/change-password.command.js';
import { ChangePinCommand } from './commands/change-pin.command.js';
import { LogoutAllSessionsCommand } from './commands/logout-all-sessions.command.js';
import { LogoutSessionCommand } from './commands/logout-session.command.js';
import {
  ChangePasswordDto,
  ChangePinDto,
  ControlPanelMessages,
  loggedOutOf,
  LogoutSessionDto,
  toAccountDetails,
  passwordChanged,
  toLoginRecord,
} from './control-panel.dto.js';
import { GetControlPanelQuery } from './queries/get-control-panel.query.js';

/**
 * The control panel of spec §2: change PIN, login history, ending sessions; and (issue 31)
 * change password. Own data only.
 */
@Controller('user')
export class ControlPanelController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('cPanel-ChangePin')
  @HttpCode(200)
  @SignedIn()
  @NotInLinkSession()
  async changePin(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePinDto,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(
      new ChangePinCommand(user.userId, user.sessionId, body.oldPin, body.newPin, context),
    );
    return { success: true, message: ControlPanelMessages.pinChanged };
  }

  @Post('cPanel-ChangePassword')
  @HttpCode(200)
  @SignedIn()
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordDto,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    const ended = await this.commands.execute(
      new ChangePasswordCommand(
        user.userId,
        user.sessionId,
        body.oldPassword,
        body.newPassword,
        context,
      ),
    );
    return { success: true, message: passwordChanged(ended) };
  }

  @Post('cPanel-Logs')
  @HttpCode(200)
  @SignedIn()
  async logs(@CurrentUser() user: AuthUser): Promise<ControlPanelAnswer> {
    const view = await this.queries.execute(new GetControlPanelQuery(user.userId, user.sessionId));
    return {
      success: true,
      message: ControlPanelMessages.logs,
      data: {
        logins: view.logins.map(toLoginRecord),
        accountDetails: toAccountDetails(view.balances, view.month),
      },
    };
  }

  @Post('logoutThisSession')
  @HttpCode(200)
  @SignedIn()
  async logoutThisSession(
    @CurrentUser() user: AuthUser,
    @Body() body: LogoutSessionDto,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(
      new LogoutSessionCommand(user.userId, user.sessionId, body.loginId, context),
    );
    const here = body.loginId === user.sessionId;
    return {
      success: true,
      message: here ? ControlPanelMessages.sessionEnded : ControlPanelMessages.otherSessionEnded,
    };
  }

  @Post('logoutAllSessions')
  @HttpCode(200)
  @SignedIn()
  async logoutAllSessions(
    @CurrentUser() user: AuthUser,
    @Headers('pin') pin: unknown,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    const ended = await this.commands.execute(
      new LogoutAllSessionsCommand(user.userId, user.sessionId, pin, context),
    );
    return { success: true, message: loggedOutOf(ended) };
  }
}
