import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CommissionMessages,
  isUuid,
  Messages,
  SCHEME_SERVICES,
  type SchemeService,
} from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { UsersRepository } from '../../users/users.repository.js';
import { CommissionsRepository } from '../commissions.repository.js';
import { userNamed } from './user-named.js';

function isService(value: unknown): value is SchemeService {
  return (SCHEME_SERVICES as readonly unknown[]).includes(value);
}

/**
 * An admin assigns a scheme to a user it sees, or (schemeId null) returns the user to its
 * role's default (`/admin/commissionSchemeAssign`).
 */
export class AssignSchemeCommand extends Command<void> {
  constructor(
    readonly admin: AuthUser,
    readonly body: { userId?: unknown; mobile?: unknown; service?: unknown; schemeId?: unknown },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AssignSchemeCommand)
export class AssignSchemeHandler implements ICommandHandler<AssignSchemeCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: CommissionsRepository,
    private readonly users: UsersRepository,
    private readonly scopes: NetworkScopes,
    private readonly audit: AuditLog,
  ) {}

  async execute({ admin, body, context }: AssignSchemeCommand): Promise<void> {
    if (!isService(body.service))
      throw new AppError(ErrorKind.Invalid, CommissionMessages.serviceInvalid);
    const service = body.service;
    const userId = await userNamed(this.users, body);
    const schemeId = body.schemeId === null || body.schemeId === '' ? null : body.schemeId;
    if (schemeId !== null && !isUuid(schemeId)) {
      throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
    }
    await this.uow.run(async (tx) => {
      if (!(await this.scopes.canSee(tx, admin, userId))) {
        throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      }
      if (schemeId !== null) {
        const scheme = await this.repository.scheme(tx, schemeId);
        if (!scheme || scheme.service !== service) {
          throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
        }
      }
      await this.repository.assign(tx, userId, service, schemeId, admin.userId);
      await this.audit.record(tx, {
        action: 'commission.scheme-assign',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: userId,
        sessionId: admin.sessionId,
        context,
        details: { service, schemeId },
      });
    });
  }
}
