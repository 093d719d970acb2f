import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** /admin/changeMobile, step 1: an OTP to the new number (POST /api/user/changeMobileOtp). */
export class SendChangeMobileOtpCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    readonly newMobile: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Step 2: the new number with its OTP and the user's PIN (POST /api/user/changeMobile). */
export class ChangeMobileCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    readonly newMobile: string,
    readonly otp: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
