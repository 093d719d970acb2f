import { Inject, Injectable } from '@nestjs/common';
import {
  ApprovalMessages,
  auditMoney,
  needsSecondAdmin,
  type ApprovalKind,
  type ApprovalRecord,
  type Paise,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../audit/audit.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Tx } from '../database/unit-of-work.js';
import { toApprovalRecord } from './approval-record.js';
import { ApprovalsRepository } from './approvals.repository.js';

/**
 * A command run as a second admin's approval of request `id`: its PIN was checked by the
 * approval, it never asks for another one, and its ledger event is the requester's, under the
 * key `approval:<id>`, so however many times and by whomever it runs, it posts once.
 */
export interface SecondApproval {
  id: string;
  requestedBy: string;
}

/** What a command answers instead of moving money when a second admin must approve it. */
export interface ApprovalAsked {
  pendingApproval: ApprovalRecord;
}

export function isApprovalAsked(result: object): result is ApprovalAsked {
  return 'pendingApproval' in result;
}

/** The ledger's idempotency key of an approval's posting. */
export const approvalKey = (approval: SecondApproval) => `approval:${approval.id}`;

export interface ApprovalAsk {
  kind: ApprovalKind;
  admin: AuthUser;
  /** The requester's Idempotency-Key: the same key asks once. */
  requestKey: string;
  subjectId: string;
  amount: Paise;
  remark: string | null;
  fundRequestId: string | null;
  context: RequestContext;
}

/** Four eyes (issue 31 item 4): when a second admin is needed, and the asking for one. */
@Injectable()
export class SecondApprovals {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An admin credit or debit above ADMIN_APPROVAL_THRESHOLD. */
  needed(amount: Paise): boolean {
    return needsSecondAdmin(amount, this.config.adminApprovalThreshold);
  }

  /** Whether a fund request already waits for a second admin. */
  awaitsSecondAdmin(tx: Tx, fundRequestId: string): Promise<boolean> {
    return this.approvals.openForFundRequest(tx, fundRequestId);
  }

  /** Files the request (once per requester and key) with its audit line; nothing posts. */
  async ask(tx: Tx, ask: ApprovalAsk): Promise<ApprovalAsked> {
    const id = randomUUID();
    const row = await this.approvals.insert(tx, {
      id,
      kind: ask.kind,
      requestedBy: ask.admin.userId,
      requestKey: ask.requestKey,
      subjectId: ask.subjectId,
      amount: ask.amount,
      remark: ask.remark,
      fundRequestId: ask.fundRequestId,
      createdAt: this.clock.now(),
    });
    const same =
      row.kind === ask.kind &&
      row.subject.id === ask.subjectId &&
      Number(row.amount) === ask.amount &&
      row.remark === ask.remark &&
      row.fundRequestId === ask.fundRequestId;
    if (!same) throw new AppError(ErrorKind.Conflict, ApprovalMessages.keyReused);
    if (row.id === id) {
      await this.audit.record(tx, {
        action: 'approval.request',
        outcome: 'success',
        actorId: ask.admin.userId,
        subjectId: ask.subjectId,
        sessionId: ask.admin.sessionId,
        context: ask.context,
        details: {
          approvalId: id,
          kind: ask.kind,
          amount: auditMoney(ask.amount),
          ...(ask.fundRequestId && { fundRequestId: ask.fundRequestId }),
        },
      });
    }
    return { pendingApproval: toApprovalRecord(row, ask.admin.userId) };
  }
}
