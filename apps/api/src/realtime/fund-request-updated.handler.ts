import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { FundRequestUpdatedEvent } from '../fund-requests/fund-request-updated.event.js';
import { SocketEmitter } from './socket-emitter.js';

/** A fund request was sent or decided: the requester's and the approver's pages hear it
 * (every admin's, when admins decide it). */
@EventsHandler(FundRequestUpdatedEvent)
export class FundRequestUpdatedHandler implements IEventHandler<FundRequestUpdatedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ id, userIds, toAdmins, state, reason }: FundRequestUpdatedEvent): void {
    this.emitter.fundRequestUpdated(userIds, toAdmins, { id, state, reason });
  }
}
