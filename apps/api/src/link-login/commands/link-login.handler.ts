import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { linkLoginRefusal, LinkLoginMessages, type SignInRefusal } from '@khata/domain';
import type { LoginResult } from '../../auth/commands/login.command.js';
import { SignIns } from '../../auth/sign-ins.js';
import { RateLimiter, type LimitRule } from '../../common/rate-limiter.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { refusalError } from '../../common/refusal-error.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { UserDirectory } from '../../users/user-directory.js';
import { isWellFormedLinkToken } from '../link-tokens.js';
import type { SpentLinkToken } from '../link-tokens.repository.js';
import { SignInLinks } from '../sign-in-links.js';
import { LinkLoginCommand } from './link-login.command.js';
import { addressKey } from '../../common/http/address-key.js';
import { SignInLinkMessages } from '../sign-in-link-messages.js';

/** What the audit log keeps of a refused use; `reason` is unknown when the token is not ours. */
interface Refusal {
  userId?: string;
  createdBy?: string;
  linkTokenId?: string;
  reason?: string;
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
  refusal: (seconds) => SignInLinkMessages.tooManyTried(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

/**
 * Load (the link spent, its holder), decide (`linkLoginRefusal`), commit (`SignIns`): spending
 * the token, opening the session and noting it on the token commit together, so a token is
 * never spent twice and a session never opened without spending one.
 */
@CommandHandler(LinkLoginCommand)
export class LinkLoginHandler implements ICommandHandler<LinkLoginCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly links: SignInLinks,
    private readonly directory: UserDirectory,
    private readonly signIns: SignIns,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ token, context }: LinkLoginCommand): Promise<LoginResult> {
    const address = addressKey(context.ip);
    await this.limiter.consume(LinkLoginLimit, address);
    if (!isWellFormedLinkToken(token)) {
      throw new AppError(ErrorKind.Unauthenticated, LinkLoginMessages.invalid);
    }
    const attempt = await this.uow.run(async (tx) => {
      const { link, at } = await this.links.spend(tx, token);
      if (!link) return { link, at };
      const user = await this.directory.findById(link.userId);
      const kind = user ? this.directory.kindOf(user.role) : undefined;
      const refusal = linkLoginRefusal(user && { ...user, kind });
      if (!user || !kind || refusal) return { link, at, refusal };
      const session = await this.signIns.openWithin(tx, {
        user: { id: user.id, elevated: false },
        kind: 'link',
        openedBy: link.createdBy,
        action: 'auth.link-login',
        details: { createdBy: link.createdBy, linkTokenId: link.id },
        context,
      });
      await this.links.recordSession(tx, link.id, session.sessionId);
      return { link, at, signedIn: { user, kind, session } };
    });

    if (!attempt.link) {
      const known = await this.links.whyRefused(token, attempt.at);
      throw await this.refuse(known ? { ...refusalOf(known), reason: known.reason } : {}, context);
    }
    if (!attempt.signedIn) {
      // The token stays spent: a link is one attempt, whatever its outcome.
      const refusal = attempt.refusal as SignInRefusal;
      throw await this.refuse(
        { ...refusalOf(attempt.link), reason: refusal.auditReason ?? undefined },
        context,
        refusalError(refusal),
      );
    }
    const { user, kind, session } = attempt.signedIn;
    // A link that signed in is no guess: its point goes back.
    await this.limiter.giveBack(LinkLoginLimit, address);
    return { token: session.token, profile: await this.signIns.profileOf(user, kind) };
  }

  /** Audits a refused use (never the token itself) and answers the error to throw. */
  private async refuse(
    { userId, createdBy, linkTokenId, reason = 'unknown' }: Refusal,
    context: RequestContext,
    error = new AppError(ErrorKind.Unauthenticated, LinkLoginMessages.invalid),
  ): Promise<AppError> {
    await this.signIns.refused({
      action: 'auth.link-login',
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
