import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { roleKind, type RoleKind } from '@khata/domain';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { RateLimiter } from '../../common/rate-limiter.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MobileProbeLimit } from '../../users/mobile-probe-limit.js';
import type { UserEntity } from '../../users/user.entity.js';
import { UsersRepository } from '../../users/users.repository.js';
import { DownlineRepository } from '../downline.repository.js';
import {
  LINK_TOKEN_LIFETIME_MS,
  LinkLoginMessages,
  linkMayOpen,
  linkPathFor,
  newLinkToken,
} from '../link-tokens.js';
import { LinkTokensRepository } from '../link-tokens.repository.js';
import { CreateLoginLinkCommand, type LoginLink } from './create-login-link.command.js';

@CommandHandler(CreateLoginLinkCommand)
export class CreateLoginLinkHandler implements ICommandHandler<CreateLoginLinkCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly downline: DownlineRepository,
    private readonly linkTokens: LinkTokensRepository,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * An unknown number and one the caller may not open get the same answer, and each refusal
   * spends one of the caller's MobileProbeLimit points: the call lists no one's customers.
   */
  async execute({ caller, mobile, context }: CreateLoginLinkCommand): Promise<LoginLink> {
    await this.limiter.consume(MobileProbeLimit, caller.userId);
    const target = await this.users.findByMobile(mobile);
    const kind = target && roleKind(target.role, this.config.productKey);
    if (!target || !kind || !(await this.mayOpen(caller, target, kind))) {
      const reason = target ? 'not below the caller' : 'unknown mobile';
      await this.refused(caller, target?.id ?? null, { mobile, reason }, context);
      throw new AppError(ErrorKind.Forbidden, LinkLoginMessages.notBelow);
    }
    await this.limiter.giveBack(MobileProbeLimit, caller.userId);
    if (!linkMayOpen(kind, target.serviceOverrides)) {
      await this.refused(caller, target.id, { mobile, reason: 'partner or staff' }, context);
      throw new AppError(ErrorKind.Forbidden, LinkLoginMessages.notOpenable);
    }

    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(this.clock.now().getTime() + LINK_TOKEN_LIFETIME_MS);
    await this.uow.run(async (tx) => {
      const linkTokenId = await this.linkTokens.insert(tx, {
        tokenHash,
        userId: target.id,
        createdBy: caller.userId,
        expiresAt,
      });
      await this.audit.record(tx, {
        action: 'link-token.create',
        outcome: 'success',
        actorId: caller.userId,
        subjectId: target.id,
        sessionId: caller.sessionId,
        context,
        details: { linkTokenId, expiresAt },
      });
    });
    return { token, path: linkPathFor(kind, token), expiresAt };
  }

  /**
   * Who is below whom; partners and staff are refused after this, with their own message (the
   * caller may see them, so saying why lists no one). An admin may open anyone but another admin; a distributor only its own network, at any
   * depth. Nobody opens their own account this way: a link is not a second password.
   */
  private async mayOpen(caller: AuthUser, target: UserEntity, kind: RoleKind): Promise<boolean> {
    if (target.id === caller.userId || kind === 'admin') return false;
    if (caller.kind === 'admin') return true;
    return this.downline.isBelow(target.id, caller.userId);
  }

  private refused(
    caller: AuthUser,
    subjectId: string | null,
    details: Record<string, unknown>,
    context: RequestContext,
  ): Promise<void> {
    return this.audit.record(this.db, {
      action: 'link-token.create',
      outcome: 'failure',
      actorId: caller.userId,
      subjectId,
      sessionId: caller.sessionId,
      context,
      details,
    });
  }
}
