import { Command } from '@nestjs/cqrs';
import type { FundRequestRecord } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { ApprovalAsked, SecondApproval } from '../../approvals/second-approvals.js';
import type { RequestContext } from '../../common/http/request-context.js';

/**
 * The approver approves (PIN; optionally against a bank statement line) or rejects (reason).
 * An admin's approval with no bank line asks for a second admin instead (issue 31 item 4);
 * `approval` is set when it runs as that second admin's approval.
 */
export class DecideFundRequestCommand extends Command<FundRequestRecord | ApprovalAsked> {
  constructor(
    readonly actor: AuthUser,
    readonly requestId: string,
    readonly action: 'approve' | 'reject',
    readonly reason: unknown,
    readonly statementLineId: string | undefined,
    readonly pin: unknown,
    readonly context: RequestContext,
    readonly approval?: SecondApproval,
  ) {
    super();
  }
}
