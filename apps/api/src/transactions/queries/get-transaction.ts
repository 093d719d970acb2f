import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { networkScope } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { ReadModelRepository } from '../read-model.repository.js';
import type { TransactionRecord } from '../transaction-record.js';
import { TransactionMessages } from '../transaction-messages.js';

/**
 * One receipt: the caller's own side of a transaction; an admin may open any, a distributor
 * tier its downline's (the network rule, issue 14), the paying side first.
 */
export class GetTransactionQuery extends Query<TransactionRecord> {
  constructor(
    readonly viewer: AuthUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery> {
  constructor(private readonly readModel: ReadModelRepository) {}

  async execute({ viewer, id }: GetTransactionQuery): Promise<TransactionRecord> {
    const own = await this.readModel.find(id, viewer.userId);
    const scope = networkScope(viewer);
    const record =
      own ?? (scope.kind === 'self' ? undefined : await this.readModel.findInScope(id, scope));
    // Someone else's transaction answers exactly like one that does not exist.
    if (!record) throw new AppError(ErrorKind.NotFound, TransactionMessages.notFound);
    return record;
  }
}
