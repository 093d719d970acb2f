import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ServicesChangedEvent } from '../services/services-changed.event.js';
import { SocketEmitter } from './socket-emitter.js';

/**
 * A user's services changed: its sockets, on every API process, hear `services.updated`
 * with the new list, and the console reads its balance call (and sidebar) again.
 */
@EventsHandler(ServicesChangedEvent)
export class ServicesChangedHandler implements IEventHandler<ServicesChangedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ userId, services }: ServicesChangedEvent): void {
    this.emitter.servicesUpdated(userId, services);
  }
}
