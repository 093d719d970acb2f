import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { Beneficiary } from '../beneficiaries.repository.js';

/** spec §4: the DMT OTP step ("Register Beneficiary"). The right OTP makes it payable. */
export class VerifyBeneficiaryOtpCommand extends Command<Beneficiary> {
  constructor(
    readonly owner: AuthUser,
    readonly beneficiaryId: string,
    readonly referenceKey: string,
    readonly otp: string,
    readonly remitterMobile: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
