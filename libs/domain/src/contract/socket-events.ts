import { FORCED_LOGOUT_CODE } from '../limits.js';
import type { ServicesUpdated } from './services.js';
import type { ActivationStatus } from './beneficiaries.js';
import type { KycUpdated } from './kyc.js';
import type { FundRequestUpdated } from './fund-requests.js';
import type { TransactionRecord } from './transactions.js';
import type { ComplaintUpdated } from './communication.js';
import type { SpendableFigures } from './user.js';

/**
 * What the API pushes to a signed-in browser over socket.io (API.md, "Sockets"): one map of
 * event names to payloads, used by the gateway and the console alike. Amounts are rupees, as
 * in the HTTP answers.
 */

/** socket.io's path on the portal's own origin. */
export const SOCKET_PATH = '/socket.io';

export const SocketEvent = {
  BalanceUpdated: 'balance.updated',
  TransactionUpdated: 'transaction.updated',
  NoticePosted: 'notice.posted',
  NoticeWithdrawn: 'notice.withdrawn',
  SessionRevoked: 'session.revoked',
  ServicesUpdated: 'services.updated',
  KycUpdated: 'kyc.updated',
  AepsAccountUpdated: 'aepsAccount.updated',
  FundRequestUpdated: 'fundRequest.updated',
  ComplaintUpdated: 'complaint.updated',
} as const;
export type SocketEvent = (typeof SocketEvent)[keyof typeof SocketEvent];

/**
 * The numbers of the balance calls: `mainBalance` for the roles whose `balance` adds profit areas;
 * issue 23 adds `available`, `overdraftLimit` and `version` (`SpendableFigures`): a push older
 * than what the console holds is dropped.
 */
export interface BalanceUpdate extends SpendableFigures {
  balance: number;
  lienAmount: number;
  securityAmount: number;
  mainBalance?: number;
  /** Issue 26: the AEPS balance, for the roles of the user balance call (as it answers it). */
  aepsBalance?: number;
}

/** A notice went live for this user's role (issue 14 adds its window, India time as ISO). */
export interface NoticePosted {
  id: string;
  title: string;
  body: string;
  startsAt?: string;
  endsAt?: string;
}

/** An admin withdrew a notice: the pages showing it drop it (issue 14, an extension). */
export interface NoticeWithdrawn {
  id: string;
}

/**
 * Why a session ended, sent with code 2211 (over HTTP and on `session.revoked`) so the
 * console can tell the user (an extension of the spec): `logout` the session's own logout,
 * `signed-out-elsewhere` another session of the same user logged it out (control panel),
 * `expired` its day is over, `deactivated` an admin or its distributor deactivated the account.
 */
export const SessionEndReason = {
  Logout: 'logout',
  SignedOutElsewhere: 'signed-out-elsewhere',
  Expired: 'expired',
  Deactivated: 'deactivated',
  /** Unused for longer than the server's idle limit (issue 31); the 2211 says `idleMinutes`. */
  Idle: 'idle',
} as const;
export type SessionEndReason = (typeof SessionEndReason)[keyof typeof SessionEndReason];

/** The session ended: the console treats it like an HTTP answer with code 2211. */
export interface SessionRevoked {
  code: typeof FORCED_LOGOUT_CODE;
  /** Absent when the server could not tell (an older server, a re-check after joining). */
  reason?: SessionEndReason;
}

/** An admin approved or rejected one of the user's AEPS settlement accounts. */
export interface AepsAccountUpdated {
  id: string;
  activationStatus: ActivationStatus;
  remark: string | null;
}

/** Events the server emits: the event name and the payload it carries. */
export type ServerToClientEvents = {
  [SocketEvent.BalanceUpdated]: (update: BalanceUpdate) => void;
  [SocketEvent.TransactionUpdated]: (record: TransactionRecord) => void;
  [SocketEvent.NoticePosted]: (notice: NoticePosted) => void;
  [SocketEvent.NoticeWithdrawn]: (notice: NoticeWithdrawn) => void;
  [SocketEvent.SessionRevoked]: (reason: SessionRevoked) => void;
  [SocketEvent.ServicesUpdated]: (update: ServicesUpdated) => void;
  [SocketEvent.KycUpdated]: (update: KycUpdated) => void;
  [SocketEvent.AepsAccountUpdated]: (update: AepsAccountUpdated) => void;
  [SocketEvent.FundRequestUpdated]: (update: FundRequestUpdated) => void;
  [SocketEvent.ComplaintUpdated]: (update: ComplaintUpdated) => void;
};

/**
 * Why a handshake was refused: socket.io hands it to the client as `connect_error`'s `data`.
 * `code` 2211 means the token leads to no live session (sign in again); no code means no
 * token was sent; `retry` marks a passing failure on the server (try again shortly).
 */
export interface HandshakeRefusal {
  message: string;
  code?: typeof FORCED_LOGOUT_CODE;
  retry?: boolean;
}
