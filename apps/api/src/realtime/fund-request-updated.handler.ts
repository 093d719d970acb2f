import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { FundRequestUpdatedEvent } from '../fund-requests/fund-request-updated.event.js';
import { SocketEmitter } from './socket-emitter.js';

/** A fund request was sent or decided: the requester's and the approver's pages hear it. */
@EventsHandler(FundRequestUpdatedEvent)
export class FundRequestUpdatedHandler implements IEventHandler<FundRequestUpdatedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ id, userIds, state, reason }: FundRequestUpdatedEvent): void {
    this.emitter.fundRequestUpdated(userIds, { id, state, reason });
  }
}
