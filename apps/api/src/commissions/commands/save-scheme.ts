import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkScheme, CommissionMessages, isUuid } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CommissionsRepository, type StoredScheme } from '../commissions.repository.js';

/** An admin creates a scheme (no id) or edits one (`/admin/commissionScheme`). */
export class SaveSchemeCommand extends Command<StoredScheme> {
  constructor(
    readonly admin: AuthUser,
    readonly body: { id?: unknown; name?: unknown; service?: unknown; slabs?: unknown },
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Refuses shares that exceed the fee (checkScheme) and a change of an edited scheme's service. */
@CommandHandler(SaveSchemeCommand)
export class SaveSchemeHandler implements ICommandHandler<SaveSchemeCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: CommissionsRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute({ admin, body, context }: SaveSchemeCommand): Promise<StoredScheme> {
    const checked = checkScheme(body);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    const { name, service, slabs, categorySlabs } = checked.value;
    const id = body.id;
    if (id !== undefined && id !== null && !isUuid(id)) {
      throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
    }
    return this.uow.run(async (tx) => {
      let saved: StoredScheme | undefined;
      if (typeof id === 'string') {
        const before = await this.repository.scheme(tx, id);
        if (!before) throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
        if (before.service !== service)
          throw new AppError(ErrorKind.Invalid, CommissionMessages.serviceInvalid);
        saved = await this.repository.updateScheme(tx, id, {
          name,
          slabs,
          // An editor that does not show them (the console's) keeps them as they were.
          categorySlabs: categorySlabs ?? before.categorySlabs ?? undefined,
          by: admin.userId,
        });
      } else {
        saved = await this.repository.insertScheme(tx, {
          name,
          service,
          slabs,
          categorySlabs,
          by: admin.userId,
        });
      }
      await this.audit.record(tx, {
        action: 'commission.scheme-save',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { schemeId: saved!.id, name, service, slabs, created: typeof id !== 'string' },
      });
      return saved!;
    });
  }
}
