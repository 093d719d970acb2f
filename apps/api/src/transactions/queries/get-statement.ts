import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Ledger, LedgerError, type UserAccountKind } from '@khata/ledger';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import {
  ReadModelRepository,
  type DayRange,
  type Page,
  type Statement,
} from '../read-model.repository.js';

/**
 * The ledger report (API.md `/user/ledger`): an account's postings with the balance after
 * each, and the opening and closing balances of the range. Admins may read any user's.
 */
export class GetStatementQuery extends Query<Statement> {
  constructor(
    readonly viewer: AuthUser,
    readonly userId: string | undefined,
    readonly account: UserAccountKind,
    readonly range: DayRange,
    readonly page: Page,
  ) {
    super();
  }
}

@QueryHandler(GetStatementQuery)
export class GetStatementHandler implements IQueryHandler<GetStatementQuery> {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly ledger: Ledger,
  ) {}

  async execute({ viewer, userId, account, range, page }: GetStatementQuery): Promise<Statement> {
    const owner = userId ?? viewer.userId;
    if (owner !== viewer.userId && viewer.kind !== 'admin') {
      throw new AppError(ErrorKind.Forbidden, 'Only an admin can read another user’s ledger.');
    }
    let accountId: string;
    try {
      accountId = await this.ledger.userAccount(owner, account);
    } catch (error) {
      if (error instanceof LedgerError) throw new AppError(ErrorKind.NotFound, 'No data found');
      throw error;
    }
    return this.readModel.statement(accountId, range, page);
  }
}
