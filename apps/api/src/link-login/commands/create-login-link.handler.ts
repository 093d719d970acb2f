import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LinkLoginMessages, linkMayOpen, linkReach, type RoleKind } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { AuditTrail } from '../../audit/audit-trail.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { RateLimiter } from '../../common/rate-limiter.js';
import { MobileProbeLimit } from '../../users/mobile-probe-limit.js';
import type { UserEntity } from '../../users/user.entity.js';
import { UserDirectory } from '../../users/user-directory.js';
import { DownlineRepository } from '../downline.repository.js';
import { linkPathFor } from '../link-tokens.js';
import { SignInLinks } from '../sign-in-links.js';
import { CreateLoginLinkCommand, type LoginLink } from './create-login-link.command.js';

/** Load (the target, its place below the caller), decide (`linkReach`, `linkMayOpen`), commit. */
@CommandHandler(CreateLoginLinkCommand)
export class CreateLoginLinkHandler implements ICommandHandler<CreateLoginLinkCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly directory: UserDirectory,
    private readonly downline: DownlineRepository,
    private readonly links: SignInLinks,
    private readonly trail: AuditTrail,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * An unknown number and one the caller may not open get the same answer, and each refusal
   * spends one of the caller's MobileProbeLimit points: the call lists no one's customers.
   * Partners and staff are refused after that, with their own message (the caller may see
   * them, so saying why lists no one).
   */
  async execute({ caller, mobile, context }: CreateLoginLinkCommand): Promise<LoginLink> {
    await this.limiter.consume(MobileProbeLimit, caller.userId);
    const target = await this.directory.findByMobile(mobile);
    const kind = target ? this.directory.kindOf(target.role) : undefined;
    if (!target || !kind || !(await this.reaches(caller, target, kind))) {
      const reason = target ? 'not below the caller' : 'unknown mobile';
      await this.refused(caller, target?.id ?? null, { mobile, reason }, context);
      throw new AppError(ErrorKind.Forbidden, LinkLoginMessages.notBelow);
    }
    await this.limiter.giveBack(MobileProbeLimit, caller.userId);
    if (!linkMayOpen(kind, target.serviceOverrides)) {
      await this.refused(caller, target.id, { mobile, reason: 'partner or staff' }, context);
      throw new AppError(ErrorKind.Forbidden, LinkLoginMessages.notOpenable);
    }

    const { token, expiresAt } = await this.uow.run(async (tx) => {
      const made = await this.links.make(tx, { userId: target.id, createdBy: caller.userId });
      await this.trail.record(tx, {
        action: 'link-token.create',
        outcome: 'success',
        actorId: caller.userId,
        subjectId: target.id,
        sessionId: caller.sessionId,
        context,
        details: { linkTokenId: made.linkTokenId, expiresAt: made.expiresAt },
      });
      return made;
    });
    return { token, path: linkPathFor(kind, token), expiresAt };
  }

  private async reaches(caller: AuthUser, target: UserEntity, kind: RoleKind): Promise<boolean> {
    const reach = linkReach(caller, { id: target.id, kind });
    if (reach === 'if-below') return this.downline.isBelow(target.id, caller.userId);
    return reach === 'yes';
  }

  private refused(
    caller: AuthUser,
    subjectId: string | null,
    details: Record<string, unknown>,
    context: RequestContext,
  ): Promise<void> {
    return this.trail.recordAlone({
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
