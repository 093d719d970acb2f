import { Command, CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  complaintTransition,
  ComplaintMessages,
  type ComplaintAction,
  type ComplaintActor,
} from '@khata/domain';
import { AuditLog, type AuditAction } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { ComplaintUpdatedEvent } from '../complaint-updated.event.js';
import { complaintNumber } from '../complaints.dto.js';
import { ComplaintsRepository } from '../complaints.repository.js';

const SAID_BY_ACTION: Partial<Record<ComplaintAction, string>> = {
  resolve: 'Marked resolved.',
  reopen: 'Reopened.',
};

/**
 * The user who raised it (`user`: reply, reopen) or an admin (`staff`: assign, reply, note,
 * resolve, reopen) acts on a complaint. The row is locked while the machine decides, so of two
 * admins resolving at once the second finds it resolved and gets a 409.
 */
export class ActOnComplaintCommand extends Command<void> {
  constructor(
    readonly actor: AuthUser,
    readonly side: ComplaintActor,
    readonly id: string,
    readonly action: ComplaintAction,
    readonly text: string | null,
    readonly assigneeId: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ActOnComplaintCommand)
export class ActOnComplaintHandler implements ICommandHandler<ActOnComplaintCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly complaints: ComplaintsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute(command: ActOnComplaintCommand): Promise<void> {
    const { actor, side, id, action, text, assigneeId, context } = command;
    if ((action === 'reply' || action === 'note') && !text) {
      throw new AppError(ErrorKind.Invalid, ComplaintMessages.textRequired);
    }
    if (action === 'assign' && !assigneeId) {
      throw new AppError(ErrorKind.Invalid, ComplaintMessages.assigneeInvalid);
    }
    const at = this.clock.now();
    const moved = await this.uow.run(async (tx) => {
      const complaint = await this.complaints.find(tx, id, true);
      // Another user's complaint answers like one that does not exist.
      if (!complaint || (side === 'user' && complaint.userId !== actor.userId)) {
        throw new AppError(ErrorKind.NotFound, ComplaintMessages.notFound);
      }
      const next = complaintTransition(complaint.status, side, action);
      if (next === undefined) {
        throw new AppError(
          ErrorKind.Conflict,
          ComplaintMessages.notAllowed(action, complaint.status),
        );
      }
      let body = text ?? SAID_BY_ACTION[action] ?? '';
      if (action === 'assign') {
        const assignee = (await this.complaints.admins(tx)).find((a) => a.id === assigneeId);
        if (!assignee) throw new AppError(ErrorKind.Invalid, ComplaintMessages.assigneeNotAdmin);
        body = `Assigned to ${assignee.name}.${text ? ` ${text}` : ''}`;
      }
      const note = action === 'note' || action === 'assign';
      await this.complaints.update(tx, id, {
        status: next,
        ...(action === 'assign' && assigneeId ? { assignedTo: assigneeId } : {}),
        ...(note ? {} : { lastFrom: side }),
        at,
      });
      await this.complaints.addMessage(tx, id, {
        authorId: actor.userId,
        from: side,
        text: body.slice(0, 2000),
        note,
        action: action === 'reply' || action === 'note' ? null : action,
        at,
      });
      await this.audit.record(tx, {
        action: `complaint.${action}` as AuditAction,
        outcome: 'success',
        actorId: actor.userId,
        subjectId: complaint.userId,
        sessionId: actor.sessionId,
        context,
        details: {
          complaintId: id,
          number: complaintNumber(complaint.number),
          from: complaint.status,
          to: next,
          ...(assigneeId && { assigneeId }),
        },
      });
      return { userId: complaint.userId, number: complaint.number, status: next };
    });
    // A staff note is the staff's own: the user is not told.
    if (action === 'note') return;
    this.events.publish(
      new ComplaintUpdatedEvent(moved.userId, {
        id,
        number: complaintNumber(moved.number),
        status: moved.status,
        by: side,
        action,
      }),
    );
  }
}
