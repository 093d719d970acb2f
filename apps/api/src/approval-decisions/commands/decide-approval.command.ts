import { Command } from '@nestjs/cqrs';
import type { ApprovalRecord } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** A second admin approves (PIN) or rejects (PIN, reason) a four-eyes request. */
export class DecideApprovalCommand extends Command<ApprovalRecord> {
  constructor(
    readonly admin: AuthUser,
    readonly approvalId: string,
    readonly action: 'approve' | 'reject',
    readonly reason: string | undefined,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
