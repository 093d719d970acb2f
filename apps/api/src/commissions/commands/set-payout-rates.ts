import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkPayoutRates, Messages } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { UsersRepository } from '../../users/users.repository.js';
import { CommissionsRepository } from '../commissions.repository.js';
import { userNamed } from './user-named.js';

/**
 * An admin sets a user's own payout fees (serviceRates.payout, `/admin/commissionUserRates`),
 * the retailer's side of the payout scheme: a slab set here wins over the scheme's fee; the
 * uplines' shares stay the scheme's.
 */
export class SetPayoutRatesCommand extends Command<void> {
  constructor(
    readonly admin: AuthUser,
    readonly body: { userId?: unknown; mobile?: unknown; payout?: unknown },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SetPayoutRatesCommand)
export class SetPayoutRatesHandler implements ICommandHandler<SetPayoutRatesCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: CommissionsRepository,
    private readonly users: UsersRepository,
    private readonly scopes: NetworkScopes,
    private readonly audit: AuditLog,
  ) {}

  async execute({ admin, body, context }: SetPayoutRatesCommand): Promise<void> {
    const rates = checkPayoutRates(body.payout ?? {});
    if (!rates.ok) throw new AppError(ErrorKind.Invalid, rates.message);
    const userId = await userNamed(this.users, body);
    await this.uow.run(async (tx) => {
      if (!(await this.scopes.canSee(tx, admin, userId))) {
        throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      }
      await this.repository.setPayoutRates(tx, userId, rates.value);
      await this.audit.record(tx, {
        action: 'commission.user-rates',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: userId,
        sessionId: admin.sessionId,
        context,
        details: { payout: rates.value },
      });
    });
  }
}
