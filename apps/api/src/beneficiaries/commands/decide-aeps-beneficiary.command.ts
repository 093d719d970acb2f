import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { Beneficiary } from '../beneficiaries.repository.js';

export type AepsDecision = 'approve' | 'reject';

/** An admin approves or rejects a pending AEPS settlement account with the PIN (audited). */
export class DecideAepsBeneficiaryCommand extends Command<Beneficiary> {
  constructor(
    readonly admin: AuthUser,
    readonly beneficiaryId: string,
    readonly decision: AepsDecision,
    /** Required to reject (the retailer reads it), optional to approve. */
    readonly remark: string | null,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
