import { checkRoleInput, type MessageAnswer } from '@khata/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ForMenuItem, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { RegisterUserCommand } from './commands/register-user.command.js';
import { SignUpCommand } from './commands/sign-up.command.js';
import {
  accepted,
  checkOptionalMobile,
  newUserFields,
  RegisterUserDto,
  SignupDto,
} from './users.dto.js';

export const SIGNED_UP_MESSAGE = 'Account created. Please login to continue.';

/** New accounts: registered by an admin or distributor, or signed up by the person. 201 Created. */
@Controller()
export class RegistrationController {
  constructor(private readonly commands: CommandBus) {}

  /** All Users' "add user": admins for anyone, distributors for their own downline. */
  @Post('admin/register-user')
  @HttpCode(201)
  @ForMenuItem('allUsers')
  async registerUser(
    @Body() body: RegisterUserDto,
    @CurrentUser() registrar: AuthUser,
    @Context() context: RequestContext,
  ) {
    const user = await this.commands.execute(
      new RegisterUserCommand(
        registrar,
        { ...newUserFields(body), role: accepted(checkRoleInput, body.role) },
        accepted(checkOptionalMobile, body.parentMobile),
        context,
      ),
    );
    return { success: true, user };
  }

  /** /signup and /register (direct onboard). */
  @Post('auth/signup')
  @HttpCode(201)
  @Public()
  async signup(
    @Body() body: SignupDto,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new SignUpCommand(newUserFields(body), context));
    return { success: true, message: SIGNED_UP_MESSAGE };
  }
}
