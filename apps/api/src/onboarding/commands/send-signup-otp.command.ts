import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/** A visitor asks for the OTP that proves its mobile before signing up (/api/auth/signupOtp). */
export class SendSignupOtpCommand extends Command<void> {
  constructor(
    readonly mobile: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
