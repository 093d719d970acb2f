import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';
import type { DirectCredentials, NewUserFields } from './onboard-user.command.js';

/**
 * A visitor opens a direct-onboard account (POST /api/auth/signup, /signup and /register),
 * with the OTP sent to its mobile by /api/auth/signupOtp.
 */
export class SignUpCommand extends Command<void> {
  constructor(
    readonly user: NewUserFields & DirectCredentials,
    readonly otp: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
