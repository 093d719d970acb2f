import { Injectable } from '@nestjs/common';
import type { ComplaintTransaction } from '@khata/domain';
import { AuditLog } from '../audit/audit.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { Tx } from '../database/unit-of-work.js';
import { complaintNumber } from './complaints.dto.js';
import { ComplaintsRepository } from './complaints.repository.js';

/**
 * The commit of a raised complaint (issue 24): the complaint stored, stamped now, with its
 * audit row, in the caller's transaction. Answers its id and number.
 */
@Injectable()
export class NewComplaints {
  constructor(
    private readonly complaints: ComplaintsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async store(
    tx: Tx,
    user: AuthUser,
    complaint: { subject: string; transaction: ComplaintTransaction | null; text: string },
    context: RequestContext,
  ): Promise<{ id: string; number: number }> {
    const { subject, transaction, text } = complaint;
    const id = await this.complaints.insert(tx, {
      userId: user.userId,
      subject,
      transaction,
      text,
      at: this.clock.now(),
    });
    const saved = (await this.complaints.find(tx, id))!;
    await this.audit.record(tx, {
      action: 'complaint.raise',
      outcome: 'success',
      actorId: user.userId,
      sessionId: user.sessionId,
      context,
      details: {
        complaintId: id,
        number: complaintNumber(saved.number),
        subject,
        transactionId: transaction?.id ?? null,
      },
    });
    return { id, number: saved.number };
  }
}
