import { Command } from '@nestjs/cqrs';
import type { RegisterRemitterRequest } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';

export interface RemitterOtpSent {
  remitterId: string;
  otpExpiresAt: Date;
}

/** A walk-in customer registered by a retailer: stored waiting for its OTP, the OTP sent. */
export class RegisterRemitterCommand extends Command<RemitterOtpSent> {
  constructor(
    readonly user: AuthUser,
    readonly form: RegisterRemitterRequest,
  ) {
    super();
  }
}
