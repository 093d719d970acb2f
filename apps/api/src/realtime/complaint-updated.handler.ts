import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ComplaintUpdatedEvent } from '../complaints/complaint-updated.event.js';
import { SocketEmitter } from './socket-emitter.js';

/**
 * A complaint was raised or moved: when staff acted its user hears `complaint.updated` (their
 * My Complaints reads it again); when the user acted, every admin's queue does.
 */
@EventsHandler(ComplaintUpdatedEvent)
export class ComplaintUpdatedHandler implements IEventHandler<ComplaintUpdatedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ userId, update }: ComplaintUpdatedEvent): void {
    this.emitter.complaintUpdated(update.by === 'staff' ? { userId } : 'admins', update);
  }
}
