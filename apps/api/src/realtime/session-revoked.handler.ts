import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { SessionRevokedEvent } from '../auth/session-revoked.event.js';
import { SocketEmitter } from './socket-emitter.js';

/**
 * A session ended before its time (logout, log out this session, one event per session on
 * log out all): its sockets, on every API process, hear `session.revoked` and are closed.
 */
@EventsHandler(SessionRevokedEvent)
export class SessionRevokedHandler implements IEventHandler<SessionRevokedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ sessionId, reason }: SessionRevokedEvent): void {
    this.emitter.sessionRevoked(sessionId, reason);
  }
}
