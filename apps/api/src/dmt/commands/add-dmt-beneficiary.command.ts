import { Command } from '@nestjs/cqrs';
import type { DmtBeneficiaryInput } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { BeneficiaryRow } from '../remitters.repository.js';

export interface DmtBeneficiaryOtpSent {
  remitterId: string;
  beneficiary: BeneficiaryRow;
  otpExpiresAt: Date;
}

/** A bank account added to a remitter's beneficiaries, waiting for the remitter's OTP. */
export class AddDmtBeneficiaryCommand extends Command<DmtBeneficiaryOtpSent> {
  constructor(
    readonly user: AuthUser,
    readonly remitterMobile: string,
    readonly form: DmtBeneficiaryInput,
    readonly verify: boolean,
    readonly context: RequestContext,
  ) {
    super();
  }
}
