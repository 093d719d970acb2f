import { Inject, Injectable } from '@nestjs/common';
import {
  FORCED_LOGOUT_CODE,
  OnboardingMessages,
  roleKind,
  type HandshakeRefusal,
  type RoleKind,
} from '@khata/domain';
import { SessionMessages as Messages } from '../auth/session-messages.js';
import { SessionTokens } from '../auth/session-tokens.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UsersRepository } from '../users/users.repository.js';

/** Who a socket belongs to, fixed at its handshake. */
export interface SocketUser {
  userId: string;
  sessionId: string;
  kind: RoleKind;
  /** Epoch milliseconds when the token stops counting: the socket is ended then. */
  expiresAt: number;
}

/** A handshake the gateway turns away; `refusal` reaches the client as `connect_error` data. */
export class HandshakeRefused extends Error {
  override readonly name = 'HandshakeRefused';

  constructor(readonly refusal: HandshakeRefusal) {
    super(refusal.message);
  }
}

/**
 * The HTTP session guard's checks, for a socket handshake: a token of ours, naming a live
 * session (Redis, then Postgres), of an active user with a known role. Anything else is
 * refused with code 2211, as HTTP answers; a missing token gets "Please login to continue".
 */
@Injectable()
export class SocketAuthenticator {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly sessions: SessionsService,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(token: unknown): Promise<SocketUser> {
    if (typeof token !== 'string' || token === '') {
      throw new HandshakeRefused({ message: Messages.signIn });
    }
    const claims = this.tokens.read(token);
    if (!claims) throw sessionEnded();
    if (!(await this.isLive(claims.sid, claims.sub))) throw sessionEnded();

    const user = await this.users.findById(claims.sub);
    const kind = user && roleKind(user.role, this.config.productKey);
    if (!user || !kind || user.status !== 'active') throw sessionEnded();
    // Like every HTTP call but two: nothing is pushed before the temporary values are replaced
    // (a refusal without a code is final; the console opens no socket until then anyway).
    if (user.passwordTemporary || user.pinTemporary) {
      throw new HandshakeRefused({ message: OnboardingMessages.mustChange });
    }
    return { userId: user.id, sessionId: claims.sid, kind, expiresAt: expiryOf(token) };
  }

  /** `fresh`: not from this process's memory (SessionCache.read). */
  async isLive(sessionId: string, userId: string, fresh = false): Promise<boolean> {
    return (await this.sessions.stateOf(sessionId, userId, { fresh })) === 'live';
  }
}

function sessionEnded(): HandshakeRefused {
  return new HandshakeRefused({ message: Messages.sessionEnded, code: FORCED_LOGOUT_CODE });
}

/** The `exp` of a token SessionTokens has just verified (so it is there and well formed). */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
  };
  return payload.exp * 1000;
}
