import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DISTRIBUTOR_KINDS, normalizeMobile } from '@khata/domain';
import { ForKinds, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CreateLoginLinkCommand } from './commands/create-login-link.command.js';
import { LinkLoginCommand } from './commands/link-login.command.js';
import { CreateLoginLinkDto, LinkLoginDto } from './link-login.dto.js';

@Controller()
export class LinkLoginController {
  constructor(private readonly commands: CommandBus) {}

  /** Ours: an admin or upline gets a one-time link that signs in as a user below them. */
  @Post('admin/loginLink')
  @HttpCode(200)
  @ForKinds('admin', ...DISTRIBUTOR_KINDS)
  async createLoginLink(
    @Body() body: CreateLoginLinkDto,
    @CurrentUser() caller: AuthUser,
    @Context() context: RequestContext,
  ) {
    const link = await this.commands.execute(
      new CreateLoginLinkCommand(caller, normalizeMobile(body.mobile), context),
    );
    return { success: true, ...link };
  }

  /** What /loginIntoUser/{token} and the distributor variants call (API.md). */
  @Post('auth/link-login')
  @HttpCode(200)
  @Public()
  async linkLogin(@Body() body: LinkLoginDto, @Context() context: RequestContext) {
    const result = await this.commands.execute(new LinkLoginCommand(body.token, context));
    return { success: true, ...result };
  }
}
