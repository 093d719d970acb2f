import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** Soft delete by the owner: payouts that paid it keep pointing at the row. */
export class DeleteBeneficiaryCommand extends Command<void> {
  constructor(
    readonly owner: AuthUser,
    readonly beneficiaryId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
