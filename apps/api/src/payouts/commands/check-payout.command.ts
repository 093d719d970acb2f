import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { TransactionRecord } from '../../transactions/transaction-record.js';

/** Admin: asks the rail about one payout now and applies the answer (never sends blindly). */
export class CheckPayoutCommand extends Command<TransactionRecord> {
  constructor(
    readonly admin: AuthUser,
    readonly payoutId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
