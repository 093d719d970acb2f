import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export type EkycStep = { method: 'otp'; otp?: string } | { method: 'biometric'; pidData: string };

/** e-KYC of a registered remitter through the provider: started (Aadhaar OTP) or completed. */
export class RemitterEkycCommand extends Command<{ remitterId: string; otpSent: boolean }> {
  constructor(
    readonly user: AuthUser,
    readonly mobile: string,
    readonly step: EkycStep,
    readonly context: RequestContext,
  ) {
    super();
  }
}
