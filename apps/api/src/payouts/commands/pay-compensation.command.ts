import { Command } from '@nestjs/cqrs';
import type { CompensationPaid } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/**
 * Admin: pays the compensation a late return is owed (₹100 a day after T + 1, computed here
 * from the payout's own dates) into its owner's wallet from `system:compensation`, once, behind
 * the PIN; audited.
 */
export class PayCompensationCommand extends Command<CompensationPaid> {
  constructor(
    readonly admin: AuthUser,
    readonly payoutId: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
