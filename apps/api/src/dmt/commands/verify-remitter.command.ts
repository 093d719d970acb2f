import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** The remitter's OTP proves its mobile: otpPending → registered (and known to the provider). */
export class VerifyRemitterCommand extends Command<{ remitterId: string }> {
  constructor(
    readonly user: AuthUser,
    readonly mobile: string,
    readonly otp: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
