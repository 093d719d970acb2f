import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { Tx } from '../database/unit-of-work.js';
import { describeForAudit } from './kyc-record.js';
import { KycRepository, type KycSubmission } from './kyc.repository.js';

/**
 * The commit of a KYC decision (issue 24): the submission decided, the user's KYC state, an
 * approved submission's PAN on file (TDS reads it) and the audit row, in the decider's
 * transaction.
 */
@Injectable()
export class KycDecisions {
  constructor(
    private readonly kyc: KycRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async commit(
    tx: Tx,
    decision: {
      admin: AuthUser;
      submission: KycSubmission;
      state: 'approved' | 'rejected';
      reason: string | null;
      context: RequestContext;
    },
  ): Promise<void> {
    const { admin, submission, state, reason, context } = decision;
    await this.kyc.decide(tx, submission.id, {
      state,
      reason,
      by: admin.userId,
      at: this.clock.now(),
    });
    await this.kyc.setUserState(tx, submission.userId, state);
    if (state === 'approved') await this.kyc.setPan(tx, submission.userId, submission.pan);
    await this.audit.record(tx, {
      action: 'kyc.decision',
      outcome: 'success',
      actorId: admin.userId,
      subjectId: submission.userId,
      sessionId: admin.sessionId,
      context,
      details: { ...describeForAudit(submission), state, reason },
    });
  }
}
