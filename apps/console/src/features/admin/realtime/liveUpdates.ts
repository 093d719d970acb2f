import type { Socket } from 'socket.io-client';
import {
  isForcedLogout,
  SOCKET_PATH,
  SocketEvent,
  type AepsAccountUpdated,
  type ComplaintUpdated,
  type NoticePosted,
  type FundRequestUpdated,
  type BalanceUpdate,
  type KycUpdated,
  type HandshakeRefusal,
  type ServerToClientEvents,
  type SessionRevoked,
} from '@khata/domain';
import type { TransactionRecord } from '@khata/domain';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveHandlers {
  onStatus(status: LiveStatus): void;
  /** Connected, or connected again: events sent meanwhile are lost (they are hints). */
  onConnected(): void;
  onBalance(update: BalanceUpdate): void;
  onTransaction(record: TransactionRecord): void;
  /** An admin changed this user's services: read them again (sidebar, guards of the screens). */
  onServices(): void;
  /** The user's KYC was sent or decided: services (and so the menu) may have changed. */
  onKyc(update: KycUpdated): void;
  /** One of the user's AEPS accounts was approved or rejected. */
  onAepsAccount(update: AepsAccountUpdated): void;
  /** One of the user's fund requests (or one it approves) was sent or decided. */
  onFundRequest(update: FundRequestUpdated): void;
  /** An admin posted a notice for this user's role (issue 14). */
  onNotice(notice: NoticePosted): void;
  /** An admin withdrew a notice: it leaves the dashboard at once. */
  onNoticeWithdrawn(id: string): void;
  /** One of the user's complaints moved (a reply, a resolution), or for admins a user acted. */
  onComplaint(update: ComplaintUpdated): void;
  /** The server ended this session (logout of all sessions elsewhere): like code 2211. */
  onSessionRevoked(reason: SessionRevoked['reason']): void;
  /** The handshake was refused with code 2211: the HTTP session check decides what it means. */
  onHandshakeRefused(): void;
}

type LiveSocket = Socket<ServerToClientEvents>;

/** After a passing failure on the server (`retry`), ask again after this long. */
const RETRY_AFTER_REFUSAL_MS = 15_000;

/**
 * Opens the live channel of API.md: socket.io on this origin, path /socket.io, the session
 * token in the handshake. It is an improvement, never a dependency: when the server has no
 * socket (not deployed, down, a proxy without WebSocket) the screens work as before, the
 * client retries with a growing delay, and the refresh button still reads the balance.
 *
 * WebSocket only: long-polling needs sticky sessions across several API processes, and a
 * browser without WebSocket simply goes without live updates.
 *
 * Answers a function that closes the channel.
 */
export function connectLiveUpdates(token: string, handlers: LiveHandlers): () => void {
  let closed = false;
  let socket: LiveSocket | undefined;
  let retry: number | undefined;
  handlers.onStatus('connecting');

  import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      const live: LiveSocket = io({
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnectionDelay: 2_000,
        reconnectionDelayMax: 60_000,
        timeout: 10_000,
      });
      socket = live;
      live.on('connect', () => {
        handlers.onStatus('live');
        handlers.onConnected();
      });
      live.on('disconnect', () => handlers.onStatus('offline'));
      live.on('connect_error', (error: Error & { data?: Partial<HandshakeRefusal> }) => {
        handlers.onStatus('offline');
        // socket.io does not retry a refused handshake by itself. A refusal with 2211 is
        // checked over HTTP (which logs out if the session really ended); a passing failure
        // is asked again later; anything else (no token) is final.
        if (isForcedLogout(error.data?.code)) handlers.onHandshakeRefused();
        else if (error.data?.retry) {
          retry = window.setTimeout(() => live.connect(), RETRY_AFTER_REFUSAL_MS);
        }
      });
      live.on(SocketEvent.BalanceUpdated, (update) => {
        if (typeof update?.balance === 'number') handlers.onBalance(update);
      });
      live.on(SocketEvent.TransactionUpdated, (record) => {
        if (typeof record?._id === 'string') handlers.onTransaction(record);
      });
      live.on(SocketEvent.ServicesUpdated, () => handlers.onServices());
      live.on(SocketEvent.KycUpdated, (update) => {
        if (typeof update?.state === 'string') handlers.onKyc(update);
      });
      live.on(SocketEvent.AepsAccountUpdated, (update) => {
        if (typeof update?.id === 'string') handlers.onAepsAccount(update);
      });
      live.on(SocketEvent.FundRequestUpdated, (update) => {
        if (typeof update?.id === 'string') handlers.onFundRequest(update);
      });
      live.on(SocketEvent.NoticePosted, (notice) => {
        if (typeof notice?.id === 'string') handlers.onNotice(notice);
      });
      live.on(SocketEvent.NoticeWithdrawn, (notice) => {
        if (typeof notice?.id === 'string') handlers.onNoticeWithdrawn(notice.id);
      });
      live.on(SocketEvent.ComplaintUpdated, (update) => {
        if (typeof update?.id === 'string') handlers.onComplaint(update);
      });
      live.on(SocketEvent.SessionRevoked, (revoked) => {
        live.disconnect();
        handlers.onSessionRevoked(revoked?.reason);
      });
    })
    .catch(() => {
      // The client's code did not download (offline, a new release): no live updates.
      if (!closed) handlers.onStatus('offline');
    });

  return () => {
    closed = true;
    window.clearTimeout(retry);
    socket?.removeAllListeners();
    socket?.disconnect();
  };
}
