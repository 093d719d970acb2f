import { Inject, Injectable } from '@nestjs/common';
import {
  type FundRequestUpdated,
  FORCED_LOGOUT_CODE,
  SocketEvent,
  type AepsAccountUpdated,
  type BalanceUpdate,
  type ComplaintUpdated,
  NOTICE_AUDIENCE_KINDS,
  type RoleKind,
  type KycUpdated,
  type NoticePosted,
  type NoticeWithdrawn,
  type ServiceKey,
  type ServerToClientEvents,
  type SessionEndReason,
} from '@khata/domain';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { TransactionRecord } from '../transactions/transaction-record.js';
import { ADMIN_ROOM, roleRoom, sessionRoom, userRoom } from './rooms.js';
import { SOCKET_PUBLISHER, socketChannelKey } from './socket-redis.js';

/**
 * The one way any process (an API process or a worker with no socket server) sends events to
 * browsers: it publishes on Redis in socket.io's adapter format, and every API process's
 * socket server (on the Redis adapter, same channel key) delivers to its own sockets.
 *
 * Sending is fire-and-forget: an event lost to a Redis outage is counted and logged (see
 * openSocketRedis), never retried, and never fails the caller.
 */
@Injectable()
export class SocketEmitter {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(SOCKET_PUBLISHER) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.emitter = new Emitter(redis, { key: socketChannelKey(config) });
  }

  transactionUpdated(userId: string, record: TransactionRecord): void {
    this.emitter.to(userRoom(userId)).emit(SocketEvent.TransactionUpdated, record);
  }

  balanceUpdated(userId: string, update: BalanceUpdate): void {
    this.emitter.to(userRoom(userId)).emit(SocketEvent.BalanceUpdated, update);
  }

  /** The user's services changed: its consoles read them again and redraw the sidebar. */
  servicesUpdated(userId: string, services: readonly ServiceKey[]): void {
    this.emitter
      .to(userRoom(userId))
      .emit(SocketEvent.ServicesUpdated, { services: [...services] });
  }

  kycUpdated(userId: string, update: KycUpdated): void {
    this.emitter.to(userRoom(userId)).emit(SocketEvent.KycUpdated, update);
  }

  aepsAccountUpdated(userId: string, update: AepsAccountUpdated): void {
    this.emitter.to(userRoom(userId)).emit(SocketEvent.AepsAccountUpdated, update);
  }

  /** To the requester, its upline approver, and the admins when an admin decides it. */
  fundRequestUpdated(
    userIds: readonly string[],
    toAdmins: boolean,
    update: FundRequestUpdated,
  ): void {
    const rooms = [...userIds.map(userRoom), ...(toAdmins ? [ADMIN_ROOM] : [])];
    if (!rooms.length) return;
    this.emitter.to(rooms).emit(SocketEvent.FundRequestUpdated, update);
  }

  /**
   * To these users, to the sockets of these roles (`{ roles }`; issue 14's notices, null for
   * every role of the admin area), or to every signed-in socket when nothing is named.
   */
  noticePosted(
    notice: NoticePosted,
    to?: readonly string[] | { roles: readonly RoleKind[] | null },
  ): void {
    if (to === undefined) return void this.emitter.emit(SocketEvent.NoticePosted, notice);
    const rooms =
      'roles' in to ? (to.roles ?? NOTICE_AUDIENCE_KINDS).map(roleRoom) : to.map(userRoom);
    if (!rooms.length) return;
    this.emitter.to(rooms).emit(SocketEvent.NoticePosted, notice);
  }

  /** To the sockets of the roles a withdrawn notice addressed (null: every admin-area role). */
  noticeWithdrawn(notice: NoticeWithdrawn, roles: readonly RoleKind[] | null): void {
    this.emitter
      .to((roles ?? NOTICE_AUDIENCE_KINDS).map(roleRoom))
      .emit(SocketEvent.NoticeWithdrawn, notice);
  }

  /** A complaint moved: to its user when staff acted, to every admin when the user did. */
  complaintUpdated(to: { userId: string } | 'admins', update: ComplaintUpdated): void {
    const room = to === 'admins' ? ADMIN_ROOM : userRoom(to.userId);
    this.emitter.to(room).emit(SocketEvent.ComplaintUpdated, update);
  }

  /**
   * Tells the session's sockets it ended, then disconnects them. Both go out on the same
   * connection in this order and every server handles them in that order, so the event is
   * written to each socket before its disconnect packet.
   */
  sessionRevoked(sessionId: string, reason?: SessionEndReason): void {
    const sockets = this.emitter.to(sessionRoom(sessionId));
    sockets.emit(SocketEvent.SessionRevoked, {
      code: FORCED_LOGOUT_CODE,
      ...(reason && { reason }),
    });
    sockets.disconnectSockets();
  }
}
