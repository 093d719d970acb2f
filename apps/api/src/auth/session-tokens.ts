import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export interface SessionClaims {
  /** The user id. */
  sub: string;
  /** The session id: the token is only as good as that session row. */
  sid: string;
}

/** Bearer tokens (HS256 JWT) that name a session; the session row decides if they still count. */
@Injectable()
export class SessionTokens {
  constructor(private readonly jwt: JwtService) {}

  sign(claims: SessionClaims, expiresAt: Date): string {
    const seconds = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    return this.jwt.sign(claims, { expiresIn: seconds, algorithm: 'HS256' });
  }

  /** The claims of a valid, unexpired token of ours; undefined for anything else. */
  read(token: string): SessionClaims | undefined {
    try {
      const claims = this.jwt.verify<SessionClaims & { exp: number }>(token, {
        algorithms: ['HS256'],
      });
      return typeof claims.sub === 'string' && typeof claims.sid === 'string'
        ? { sub: claims.sub, sid: claims.sid }
        : undefined;
    } catch {
      return undefined;
    }
  }
}
