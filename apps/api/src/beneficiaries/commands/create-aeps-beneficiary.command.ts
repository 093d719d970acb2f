import { Command } from '@nestjs/cqrs';
import type { BeneficiaryForm } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { Beneficiary } from '../beneficiaries.repository.js';

/**
 * An AEPS settlement account (spec §5, §9): at most 2 live per user; usable once approved
 * (`DecideAepsBeneficiaryCommand`).
 */
export class CreateAepsBeneficiaryCommand extends Command<Beneficiary> {
  constructor(
    readonly owner: AuthUser,
    readonly form: BeneficiaryForm,
    readonly context: RequestContext,
  ) {
    super();
  }
}
