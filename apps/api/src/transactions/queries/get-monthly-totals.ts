import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { indiaMonth } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { ReadModelRepository, type MonthlyTotal } from '../read-model.repository.js';
import { TransactionMessages } from '../transaction-messages.js';

/** Monthly credits and debits by account and event type; admins may ask for a user or `system`. */
export class GetMonthlyTotalsQuery extends Query<MonthlyTotal[]> {
  constructor(
    readonly viewer: AuthUser,
    readonly owner: { userId?: string; system: boolean },
    readonly from: string | undefined,
    readonly to: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetMonthlyTotalsQuery)
export class GetMonthlyTotalsHandler implements IQueryHandler<GetMonthlyTotalsQuery> {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly clock: Clock,
  ) {}

  execute({ viewer, owner, from, to }: GetMonthlyTotalsQuery): Promise<MonthlyTotal[]> {
    const wantsOther = owner.system || (owner.userId && owner.userId !== viewer.userId);
    if (wantsOther && viewer.kind !== 'admin') {
      throw new AppError(ErrorKind.Forbidden, TransactionMessages.othersTotalsAdminOnly);
    }
    const thisMonth = indiaMonth(this.clock.now());
    const last = to ?? thisMonth;
    const first = from ?? last;
    if (first > last)
      throw new AppError(ErrorKind.Invalid, TransactionMessages.firstMonthAfterLast);
    return this.readModel.monthlyTotals(
      owner.system ? 'system' : (owner.userId ?? viewer.userId),
      first,
      last,
    );
  }
}
