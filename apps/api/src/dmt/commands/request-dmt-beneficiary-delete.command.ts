import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { DmtBeneficiaryOtpSent } from './add-dmt-beneficiary.command.js';

/** Deleting a beneficiary starts with an OTP to the remitter, bound to that beneficiary. */
export class RequestDmtBeneficiaryDeleteCommand extends Command<DmtBeneficiaryOtpSent> {
  constructor(
    readonly user: AuthUser,
    readonly remitterMobile: string,
    readonly beneficiaryId: string,
  ) {
    super();
  }
}
