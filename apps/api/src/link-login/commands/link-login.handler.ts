import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { plural, roleKind } from '@khata/domain';
import { Db, type Tx, UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import type { LoginResult } from '../../auth/commands/login.command.js';
import { LoginMessages } from '../../auth/commands/login.handler.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { Clock } from '../../common/clock.js';
import { RateLimiter, type LimitRule } from '../../common/rate-limiter.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { Profiles } from '../../users/profiles.js';
import { UsersRepository } from '../../users/users.repository.js';
import {
  isWellFormedLinkToken,
  LinkLoginMessages,
  linkMayOpen,
  linkTokenHash,
} from '../link-tokens.js';
import { LinkTokensRepository, type SpentLinkToken } from '../link-tokens.repository.js';
import { LinkLoginCommand } from './link-login.command.js';
import { addressKey } from '../../common/http/address-key.js';

/** What the audit log keeps of a refused use; `reason` is unknown when the token is not ours. */
interface Refusal {
  userId?: string;
  createdBy?: string;
  linkTokenId?: string;
  reason?: 'unknown' | 'used' | 'expired' | 'blocked' | 'not a known role' | 'partner or staff';
}

/**
 * Issue 31: the public link door was unthrottled, and every malformed token wrote an audit row.
 * Each refused use from an address takes a point (a link that signs in gives its point back),
 * 30 in 15 minutes; a malformed token is refused without an audit row (nothing to say of it).
 */
export const LinkLoginLimit = {
  name: 'link-login-ip',
  points: 30,
  windowSeconds: 15 * 60,
  refusal: (seconds) =>
    `Too many sign-in links were tried from here. Please try again in ${plural(Math.max(1, Math.ceil(seconds / 60)), 'minute')}.`,
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

@CommandHandler(LinkLoginCommand)
export class LinkLoginHandler implements ICommandHandler<LinkLoginCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly linkTokens: LinkTokensRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly profiles: Profiles,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ token, context }: LinkLoginCommand): Promise<LoginResult> {
    const address = addressKey(context.ip);
    await this.limiter.consume(LinkLoginLimit, address);
    if (!isWellFormedLinkToken(token)) {
      throw new AppError(ErrorKind.Unauthenticated, LinkLoginMessages.invalid);
    }
    const tokenHash = linkTokenHash(token);
    const now = this.clock.now();
    // Spending the token, opening the session and noting it on the token commit together: a
    // token is never spent twice, and a session is never opened without spending it.
    const attempt = await this.uow.run(async (tx) => {
      const link = await this.linkTokens.spend(tx, tokenHash, now);
      return link && { link, ...(await this.signIn(tx, link, context)) };
    });

    if (!attempt) {
      const known = await this.linkTokens.whyRefused(tokenHash, now);
      throw await this.refuse(known ? { ...refusalOf(known), reason: known.reason } : {}, context);
    }
    const { link, user, kind, session } = attempt;
    if (user?.status === 'blocked') {
      // The token stays spent: a link is one attempt, whatever its outcome.
      throw await this.refuse(
        { ...refusalOf(link), reason: 'blocked' },
        context,
        new AppError(ErrorKind.Forbidden, LoginMessages.blocked),
      );
    }
    if (user && kind && !linkMayOpen(kind, user.serviceOverrides)) {
      throw await this.refuse(
        { ...refusalOf(link), reason: 'partner or staff' },
        context,
        new AppError(ErrorKind.Forbidden, LinkLoginMessages.notOpenable),
      );
    }
    if (!user || !kind || !session) {
      throw await this.refuse({ ...refusalOf(link), reason: 'not a known role' }, context);
    }
    // A link that signed in is no guess: its point goes back.
    await this.limiter.giveBack(LinkLoginLimit, address);
    return { token: session.token, profile: await this.profiles.of(user, kind) };
  }

  private async signIn(tx: Tx, link: SpentLinkToken, context: RequestContext) {
    const user = await this.users.findById(link.userId);
    const kind = user ? roleKind(user.role, this.config.productKey) : undefined;
    if (!user || !kind || user.status !== 'active' || !linkMayOpen(kind, user.serviceOverrides)) {
      return { user, kind, session: undefined };
    }

    const session = await this.sessions.open(
      tx,
      { id: user.id, elevated: false },
      'link',
      context,
      link.createdBy,
    );
    await this.linkTokens.recordSession(tx, link.id, session.sessionId);
    await this.audit.record(tx, {
      action: 'auth.link-login',
      outcome: 'success',
      actorId: user.id,
      subjectId: user.id,
      sessionId: session.sessionId,
      context,
      details: { createdBy: link.createdBy, linkTokenId: link.id },
    });
    return { user, kind, session };
  }

  /** Audits a refused use (never the token itself) and answers the error to throw. */
  private async refuse(
    { userId, createdBy, linkTokenId, reason = 'unknown' }: Refusal,
    context: RequestContext,
    error = new AppError(ErrorKind.Unauthenticated, LinkLoginMessages.invalid),
  ): Promise<AppError> {
    await this.audit.record(this.db, {
      action: 'auth.link-login',
      outcome: 'failure',
      subjectId: userId ?? null,
      context,
      details: { reason, createdBy: createdBy ?? null, linkTokenId: linkTokenId ?? null },
    });
    return error;
  }
}

function refusalOf(link: SpentLinkToken): Refusal {
  return { userId: link.userId, createdBy: link.createdBy, linkTokenId: link.id };
}
