import { Injectable } from '@nestjs/common';
import type { Tx } from '../database/unit-of-work.js';
import type { RequestContext } from '../common/http/request-context.js';

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.link-login'
  | 'session.revoke'
  | 'session.revoke-all'
  | 'pin.change'
  | 'password.change'
  | 'pin.locked'
  | 'link-token.create'
  | 'user.register'
  | 'user.signup'
  | 'user.picture'
  | 'user.services'
  | 'currency-rate.update'
  | 'wallet.credit'
  | 'wallet.debit'
  | 'lien.place'
  | 'lien.release'
  | 'security.hold'
  | 'security.release'
  | 'overdraft.set'
  | 'beneficiary.create'
  | 'beneficiary.account-check'
  | 'beneficiary.register'
  | 'beneficiary.delete'
  | 'beneficiary.aeps-decision'
  | 'payout.resolve'
  | 'payout.compensation'
  | 'user.activate'
  | 'user.deactivate'
  | 'partner.create'
  | 'partner.api-key-otp'
  | 'partner.api-key-create'
  | 'partner.api-key-revoke'
  | 'partner.webhook-set'
  | 'partner.webhook-secret-rotate'
  | 'partner.webhook-redeliver'
  | 'kyc.submit'
  | 'kyc.decision'
  | 'kyc.pan-added'
  | 'credentials.set'
  | 'credentials.reset'
  | 'signup.otp'
  | 'user.change-mobile'
  | 'fund-request.create'
  | 'fund-request.decision'
  | 'company-bank-account.save'
  | 'bank-statement.upload'
  | 'commission.scheme-save'
  | 'commission.scheme-default'
  | 'commission.scheme-assign'
  | 'commission.tax-rate'
  | 'commission.user-rates'
  | 'callback-request.handle'
  | 'ledger.verify'
  | 'month.close'
  | 'notice.post'
  | 'notice.withdraw'
  | 'complaint.raise'
  | 'complaint.assign'
  | 'complaint.reply'
  | 'complaint.note'
  | 'complaint.resolve'
  | 'complaint.reopen'
  | 'approval.request'
  | 'approval.approve'
  | 'approval.reject'
  | 'dmt.remitter-register'
  | 'dmt.remitter-ekyc'
  | 'dmt.beneficiary-add'
  | 'dmt.beneficiary-delete'
  | 'dmt.transfer-resolve'
  | 'dmt.refund'
  | 'ppi.refund'
  // Only migration 1765400031400 writes it (issue 31); named here so the Logs screen labels it.
  | 'audit.mask';

export interface AuditEntry {
  action: AuditAction;
  outcome: 'success' | 'failure';
  actorId?: string | null;
  subjectId?: string | null;
  sessionId?: string | null;
  context?: RequestContext;
  /** What a reader needs to understand the entry; never a password, PIN or token. */
  details?: Record<string, unknown>;
}

/**
 * The append-only audit log (the database refuses UPDATE, DELETE and TRUNCATE on it): who did
 * what, when, from where, and whether it worked.
 */
@Injectable()
export class AuditLog {
  /** `tx` is the caller's transaction, or `Db` for an entry that stands alone. */
  async record(tx: Tx, entry: AuditEntry): Promise<void> {
    const { context } = entry;
    await tx.query(
      `INSERT INTO audit_log
         (action, outcome, actor_id, subject_id, session_id, ip, latitude, longitude, request_id, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        entry.action,
        entry.outcome,
        entry.actorId ?? null,
        entry.subjectId ?? null,
        entry.sessionId ?? null,
        context?.ip ?? null,
        context?.latitude ?? null,
        context?.longitude ?? null,
        context?.requestId ?? null,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }
}
