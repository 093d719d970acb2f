import {
  checkRoleInput,
  OnboardingMessages,
  USER_ACTION_KINDS,
  type MessageAnswer,
} from '@khata/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ForKinds,
  NotInLinkSession,
  Public,
  SignedIn,
  WithTemporaryCredentials,
} from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { accepted, checkOptionalMobile } from '../users/users.dto.js';
import {
  ChangeMobileCommand,
  SendChangeMobileOtpCommand,
} from './commands/change-mobile.command.js';
import { OnboardUserCommand } from './commands/onboard-user.command.js';
import { ResetCredentialsCommand } from './commands/reset-credentials.command.js';
import { SendSignupOtpCommand } from './commands/send-signup-otp.command.js';
import { SetCredentialsCommand } from './commands/set-credentials.command.js';
import { SignUpCommand } from './commands/sign-up.command.js';
import {
  ChangeMobileDto,
  ChangeMobileOtpDto,
  directCredentials,
  newUserFields,
  OnboardUserDto,
  ResetCredentialsDto,
  SetCredentialsDto,
  SignupDto,
  SignupOtpDto,
} from './onboarding.dto.js';

export const SIGNED_UP_MESSAGE = 'Account created. Please login to continue.';

/**
 * How accounts come to exist and get their first credentials: onboarding by an admin or a
 * distributor (temporary password by SMS), signup with an OTP, the user setting its own
 * password and PIN, and an admin's reset. 201 Created for a new account.
 */
@Controller()
export class OnboardingController {
  constructor(private readonly commands: CommandBus) {}

  /** /admin/register-user, /admin/register, /admin/directOnBoard: admins and distributors. */
  @Post('admin/register-user')
  @HttpCode(201)
  @ForKinds(...USER_ACTION_KINDS)
  async registerUser(
    @Body() body: OnboardUserDto,
    @CurrentUser() registrar: AuthUser,
    @Context() context: RequestContext,
    @PinHeader() pin: unknown,
  ) {
    const direct = directCredentials(body);
    const user = await this.commands.execute(
      new OnboardUserCommand(
        registrar,
        { ...newUserFields(body), role: accepted(checkRoleInput, body.role) },
        direct,
        accepted(checkOptionalMobile, body.parentMobile),
        context,
        pin,
      ),
    );
    return direct
      ? { success: true, user }
      : { success: true, message: OnboardingMessages.onboarded, user };
  }

  /** /signup and /register (direct onboard), step 1: the OTP to the mobile. */
  @Post('auth/signupOtp')
  @HttpCode(200)
  @Public()
  async signupOtp(
    @Body() body: SignupOtpDto,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new SendSignupOtpCommand(body.mobile, context));
    return { success: true, message: OnboardingMessages.otpSent };
  }

  /** /signup and /register, step 2: the account, with the OTP. */
  @Post('auth/signup')
  @HttpCode(201)
  @Public()
  async signup(
    @Body() body: SignupDto,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(
      new SignUpCommand(
        { ...newUserFields(body), password: body.password, pin: body.pin },
        body.otp,
        context,
      ),
    );
    return { success: true, message: SIGNED_UP_MESSAGE };
  }

  /** The user replaces its temporary password and PIN; answers a fresh session token. */
  @Post('auth/setCredentials')
  @HttpCode(200)
  @SignedIn()
  @NotInLinkSession()
  @WithTemporaryCredentials()
  async setCredentials(
    @Body() body: SetCredentialsDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const { token } = await this.commands.execute(
      new SetCredentialsCommand(
        user,
        body.newPassword ?? null,
        body.newPin ?? null,
        body.temporaryPin,
        context,
      ),
    );
    return { success: true, message: OnboardingMessages.credentialsSet, token };
  }

  /** All Users' "reset password or PIN", with the actor's PIN and a reason. */
  @Post('admin/resetCredentials')
  @HttpCode(200)
  @ForKinds(...USER_ACTION_KINDS)
  @NotInLinkSession()
  async resetCredentials(
    @Body() body: ResetCredentialsDto,
    @CurrentUser() actor: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(
      new ResetCredentialsCommand(actor, body.userId, body.what, body.reason, pin, context),
    );
    return { success: true, message: OnboardingMessages.resetSent(body.what) };
  }

  /** /admin/changeMobile, step 1: an OTP to the new number. */
  @Post('user/changeMobileOtp')
  @HttpCode(200)
  @SignedIn()
  @NotInLinkSession()
  async changeMobileOtp(
    @Body() body: ChangeMobileOtpDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new SendChangeMobileOtpCommand(user, body.newMobile, context));
    return { success: true, message: OnboardingMessages.mobileOtpSent };
  }

  /** Step 2: the new number, its OTP and the user's PIN; every session ends. */
  @Post('user/changeMobile')
  @HttpCode(200)
  @SignedIn()
  @NotInLinkSession()
  async changeMobile(
    @Body() body: ChangeMobileDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(
      new ChangeMobileCommand(user, body.newMobile, body.otp, pin, context),
    );
    return { success: true, message: OnboardingMessages.mobileChanged };
  }
}
