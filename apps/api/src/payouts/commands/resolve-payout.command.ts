import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { TransactionRecord } from '../../transactions/transaction-record.js';

export interface PayoutResolved {
  record: TransactionRecord;
  /** `rail` when the bank answered after all and its answer was applied instead. */
  by: 'rail' | 'hand';
}

/** Admin: settles a stuck payout by hand, with a reason, behind the PIN; audited. */
export class ResolvePayoutCommand extends Command<PayoutResolved> {
  constructor(
    readonly admin: AuthUser,
    readonly payoutId: string,
    readonly status: 'processed' | 'failed',
    readonly utr: string | undefined,
    /** Internal: the audit log only. */
    readonly reason: string,
    /** What a failed payout's receipt says to the customer. */
    readonly customerMessage: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
