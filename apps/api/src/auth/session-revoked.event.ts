import type { SessionEndReason } from '@khata/domain';

/** A session ended before its time; the socket gateway tells its sockets (code 2211). */
export class SessionRevokedEvent {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly reason: SessionEndReason,
  ) {}
}
