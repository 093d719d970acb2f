import { Command } from '@nestjs/cqrs';
import type { FundRequestRecord } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** The approver approves (PIN; optionally against a bank statement line) or rejects (reason). */
export class DecideFundRequestCommand extends Command<FundRequestRecord> {
  constructor(
    readonly actor: AuthUser,
    readonly requestId: string,
    readonly action: 'approve' | 'reject',
    readonly reason: unknown,
    readonly statementLineId: string | undefined,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
