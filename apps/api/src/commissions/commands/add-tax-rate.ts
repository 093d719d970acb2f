import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkTaxRateChange, indiaDay } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CommissionsRepository, type TaxRateRow } from '../commissions.repository.js';

/**
 * An admin adds a GST or TDS rate from an India day on (`/admin/taxRate`); the rows before
 * stay as history.
 */
export class AddTaxRateCommand extends Command<TaxRateRow> {
  constructor(
    readonly admin: AuthUser,
    readonly body: { kind?: unknown; rate?: unknown; effectiveFrom?: unknown },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AddTaxRateCommand)
export class AddTaxRateHandler implements ICommandHandler<AddTaxRateCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: CommissionsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({ admin, body, context }: AddTaxRateCommand): Promise<TaxRateRow> {
    const change = checkTaxRateChange(body, indiaDay(this.clock.now()));
    if (!change.ok) throw new AppError(ErrorKind.Invalid, change.message);
    const { kind, rate, effectiveFrom } = change.value;
    return this.uow.run(async (tx) => {
      const row = await this.repository.addTaxRate(tx, {
        kind,
        rate,
        effectiveFrom,
        createdBy: admin.userId,
      });
      await this.audit.record(tx, {
        action: 'commission.tax-rate',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { kind, rate, effectiveFrom },
      });
      return row;
    });
  }
}
