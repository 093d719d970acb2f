import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { BeneficiaryRow } from '../remitters.repository.js';

/** The remitter's OTP confirms a beneficiary: otpPending → active. */
export class ConfirmDmtBeneficiaryCommand extends Command<BeneficiaryRow> {
  constructor(
    readonly user: AuthUser,
    readonly remitterMobile: string,
    readonly beneficiaryId: string,
    readonly otp: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
