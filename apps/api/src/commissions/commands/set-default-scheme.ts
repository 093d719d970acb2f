import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommissionMessages, isRoleKind, isUuid } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CommissionsRepository } from '../commissions.repository.js';

/** An admin makes a scheme the default of a role for its service (`/admin/commissionSchemeDefault`). */
export class SetDefaultSchemeCommand extends Command<void> {
  constructor(
    readonly admin: AuthUser,
    readonly body: { roleKind?: unknown; schemeId?: unknown },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SetDefaultSchemeCommand)
export class SetDefaultSchemeHandler implements ICommandHandler<SetDefaultSchemeCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: CommissionsRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute({ admin, body, context }: SetDefaultSchemeCommand): Promise<void> {
    if (!isRoleKind(body.roleKind))
      throw new AppError(ErrorKind.Invalid, CommissionMessages.roleInvalid);
    const roleKind = body.roleKind;
    if (!isUuid(body.schemeId))
      throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
    const schemeId = body.schemeId;
    await this.uow.run(async (tx) => {
      const scheme = await this.repository.scheme(tx, schemeId);
      if (!scheme) throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
      await this.repository.setDefault(tx, roleKind, scheme.service, scheme.id);
      await this.audit.record(tx, {
        action: 'commission.scheme-default',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { roleKind, service: scheme.service, schemeId: scheme.id },
      });
    });
  }
}
