import { Inject, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import {
  FORCED_LOGOUT_CODE,
  SessionEndReason,
  SOCKET_PATH,
  SocketEvent,
  type HandshakeRefusal,
  type ServerToClientEvents,
} from '@khata/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, Socket } from 'socket.io';
import type { AppConfig } from '../config/config.js';
import { openSockets } from '../common/process-metrics.js';
import { APP_CONFIG } from '../config/config.module.js';
import { roleRoom, sessionRoom, userRoom } from './rooms.js';
import { HandshakeRefused, SocketAuthenticator, type SocketUser } from './socket-authenticator.js';
import {
  closeSocketRedis,
  openSocketRedis,
  SOCKET_PUBLISHER,
  socketChannelKey,
} from './socket-redis.js';

type Events = ServerToClientEvents;
// Browsers send nothing over the socket: every request goes through HTTP.
type NoEvents = Record<string, never>;
type SocketData = { user: SocketUser };
export type RealtimeServer = Server<NoEvents, Events, NoEvents, SocketData>;
type RealtimeSocket = Socket<NoEvents, Events, NoEvents, SocketData>;

const MAX_TIMER_MS = 2 ** 31 - 1;

const UNAVAILABLE: HandshakeRefusal = {
  message: 'Live updates are unavailable right now. Please try again shortly.',
  retry: true,
};

/**
 * socket.io on the API's own HTTP server (path /socket.io). The handshake runs the session
 * guard's checks; each socket joins `user:<id>`, `session:<sid>` and its role's
 * `role:<kind>` (`role:admin` for admins). Events are not sent from here (only a socket's own session end is): every
 * process sends through SocketEmitter, and this server, on the Redis adapter, delivers what
 * any process sent to its own sockets.
 */
@WebSocketGateway({
  path: SOCKET_PATH,
  serveClient: false,
  // WebSocket only: a long-polling client sends each request anew, and with several API
  // processes on one port (npm start's cluster) they would reach processes that never heard of
  // its session. The console connects websocket-only (liveUpdates.ts).
  transports: ['websocket'],
  // Clients send nothing but the handshake; refuse anything larger than a token needs.
  maxHttpBufferSize: 16 * 1024,
})
export class RealtimeGateway
  implements
    OnGatewayInit<RealtimeServer>,
    OnGatewayConnection<RealtimeSocket>,
    OnApplicationShutdown
{
  private readonly logger = new Logger('RealtimeGateway');
  private subscriber?: Redis;

  constructor(
    private readonly authenticator: SocketAuthenticator,
    @Inject(SOCKET_PUBLISHER) private readonly publisher: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.subscriber = openSocketRedis(this.config, 'subscriber');
    server.adapter(
      createAdapter(this.publisher, this.subscriber, { key: socketChannelKey(this.config) }),
    );
    server.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      this.authenticator.authenticate(auth?.token).then(
        (user) => {
          socket.data.user = user;
          next();
        },
        (error: unknown) => next(this.refusal(error)),
      );
    });
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    const { user } = socket.data;
    openSockets.inc();
    socket.once('disconnect', () => openSockets.dec());
    // The role's room (`role:admin` for admins) carries what is meant for a role: notices.
    await socket.join([userRoom(user.userId), sessionRoom(user.sessionId), roleRoom(user.kind)]);

    // A revocation announced between the handshake and the join above went to a room this
    // socket was not in yet; the revocation is written to Redis before it is announced, so
    // asking Redis again now (not this process's memory, which hears on another connection)
    // catches it.
    const live = await this.authenticator
      .isLive(user.sessionId, user.userId, true)
      .catch((error) => {
        this.logger.warn(
          `Could not re-check session ${user.sessionId}: ${(error as Error).message}`,
        );
        return true;
      });
    if (!live) return endSession(socket);
    if (socket.disconnected) return;

    // The token's end is the session's end: say so then, as HTTP would answer 2211. Sessions
    // last a day; the clamp only keeps setTimeout (at most ~24.8 days) from firing at once.
    const delay = Math.min(Math.max(0, user.expiresAt - Date.now()), MAX_TIMER_MS);
    const expiry = setTimeout(() => endSession(socket, SessionEndReason.Expired), delay);
    expiry.unref();
    socket.once('disconnect', () => clearTimeout(expiry));
  }

  /** The socket server is closed by then (Nest closes it before the shutdown hooks). */
  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await closeSocketRedis(this.subscriber);
  }

  private refusal(error: unknown): Error & { data: HandshakeRefusal } {
    let refusal = UNAVAILABLE;
    if (error instanceof HandshakeRefused) refusal = error.refusal;
    else this.logger.warn(`A socket handshake failed: ${(error as Error)?.message ?? error}`);
    return Object.assign(new Error(refusal.message), { data: refusal });
  }
}

function endSession(socket: RealtimeSocket, reason?: SessionEndReason): void {
  socket.emit(SocketEvent.SessionRevoked, { code: FORCED_LOGOUT_CODE, ...(reason && { reason }) });
  socket.disconnect();
}
