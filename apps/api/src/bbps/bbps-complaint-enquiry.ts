import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { BbpsComplaintMessages, ComplaintMessages } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { ComplaintUpdatedEvent } from '../complaints/complaint-updated.event.js';
import { complaintNumber } from '../complaints/complaints.dto.js';
import { ComplaintsRepository } from '../complaints/complaints.repository.js';
import { Db, UnitOfWork } from '../database/unit-of-work.js';
import { BbpsComplaintsRepository } from './bbps-complaints.repository.js';
import { type BbpsComplaintState, BbpsProvider } from './bbps-provider.js';

/** How often a BBPS complaint not yet resolved is asked about (the sweep's spacing). */
export const BBPS_COMPLAINT_CHECK_EVERY_MS = 30 * 60_000;

/**
 * Status enquiry of a BBPS complaint (issue 27): asks the provider, keeps its status, who it is
 * assigned to and its remarks. A resolved BBPS status resolves the complaint on our side too,
 * with the provider's remarks as a staff message from "Bharat BillPay" (no author), unless
 * staff resolved it already. A provider that does not answer changes nothing.
 */
@Injectable()
export class BbpsComplaintEnquiry {
  private readonly logger = new Logger('BbpsComplaints');

  constructor(
    private readonly bbpsComplaints: BbpsComplaintsRepository,
    private readonly complaints: ComplaintsRepository,
    private readonly provider: BbpsProvider,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** The shop that raised it or an admin asks now; 404 for anyone else, as if absent. */
  async check(viewer: AuthUser, id: string): Promise<void> {
    const complaint = await this.complaints.find(this.db, id);
    if (!complaint || (viewer.kind !== 'admin' && complaint.userId !== viewer.userId)) {
      throw new AppError(ErrorKind.NotFound, ComplaintMessages.notFound);
    }
    if (!complaint.bbps) throw new AppError(ErrorKind.Refused, BbpsComplaintMessages.notBbps);
    if (complaint.bbps.status === 'resolved') return;
    await this.enquire(id);
  }

  /**
   * Asks the provider about one complaint and records the answer. Throws 503 when the provider
   * does not answer (the sweep logs it and asks again at the next check).
   */
  async enquire(id: string): Promise<void> {
    const known = await this.bbpsComplaints.find(this.db, id);
    if (!known || known.bbpsStatus === 'resolved') return;
    let state: BbpsComplaintState | undefined;
    try {
      state = await this.provider.complaintStatus(known.complaintId);
    } catch {
      throw new AppError(ErrorKind.Unavailable, BbpsComplaintMessages.providerDown);
    }
    if (!state) {
      this.logger.warn(`BBPS does not know complaint ${known.complaintId}.`);
      return;
    }
    const at = this.clock.now();
    const resolved = await this.uow.run(async (tx) => {
      const complaint = await this.bbpsComplaints.find(tx, id, true);
      if (!complaint || complaint.bbpsStatus === 'resolved') return undefined;
      const nowResolved = state.status === 'resolved';
      await this.bbpsComplaints.recordEnquiry(tx, id, {
        status: state.status,
        assignedTo: state.assignedTo,
        remarks: state.remarks,
        at,
        nextCheckAt: nowResolved ? null : new Date(at.getTime() + BBPS_COMPLAINT_CHECK_EVERY_MS),
      });
      if (!nowResolved || complaint.status === 'resolved') return undefined;
      await this.complaints.update(tx, id, { status: 'resolved', lastFrom: 'staff', at });
      await this.complaints.addMessage(tx, id, {
        authorId: null,
        from: 'staff',
        text: BbpsComplaintMessages.resolvedBy(state.remarks).slice(0, 2000),
        note: false,
        action: 'resolve',
        at,
      });
      return complaint;
    });
    if (!resolved) return;
    this.events.publish(
      new ComplaintUpdatedEvent(resolved.userId, {
        id,
        number: complaintNumber(resolved.number),
        status: 'resolved',
        by: 'staff',
        action: 'resolve',
      }),
    );
  }
}
