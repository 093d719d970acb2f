import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { normalizeMobile, type MessageAnswer } from '@khata/domain';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { Public, SignedIn, WithTemporaryCredentials } from './access.js';
import { CurrentUser, type AuthUser } from './auth-user.js';
import { LoginDto } from './auth.dto.js';
import { LoginCommand } from './commands/login.command.js';
import { LogoutCommand } from './commands/logout.command.js';

@Controller('auth')
export class AuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  async login(@Body() body: LoginDto, @Context() context: RequestContext) {
    const result = await this.commands.execute(
      new LoginCommand(normalizeMobile(body.mobile), body.password, 'admin', context),
    );
    return { success: true, ...result };
  }

  /** The partner area's door (/partnerLogin): partners only. */
  @Post('partner-login')
  @HttpCode(200)
  @Public()
  async partnerLogin(@Body() body: LoginDto, @Context() context: RequestContext) {
    const result = await this.commands.execute(
      new LoginCommand(normalizeMobile(body.mobile), body.password, 'partner', context),
    );
    return { success: true, ...result };
  }

  @Post('logout')
  @HttpCode(200)
  @SignedIn()
  @WithTemporaryCredentials()
  async logout(
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new LogoutCommand(user.userId, user.sessionId, context));
    return { success: true, message: 'Logged out.' };
  }
}
