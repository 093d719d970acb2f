import { Command } from '@nestjs/cqrs';
import type { BeneficiaryForm } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { Beneficiary, BeneficiaryType } from '../beneficiaries.repository.js';

export interface BeneficiaryCreated {
  beneficiary: Beneficiary;
  /** The key of the OTP sent to the remitter (dmt); null for a payout beneficiary. */
  referenceKey: string | null;
}

/**
 * Saves a bank beneficiary (spec §4). A payout beneficiary is usable at once; a DMT one after
 * the remitter's OTP (`VerifyBeneficiaryOtpCommand`).
 */
export class CreateBeneficiaryCommand extends Command<BeneficiaryCreated> {
  constructor(
    readonly owner: AuthUser,
    readonly form: BeneficiaryForm,
    readonly type: BeneficiaryType,
    readonly remitterMobile: string | null,
    readonly beneficiaryMobile: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}
