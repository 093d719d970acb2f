import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Messages, type Viewer } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { HoldingsRepository, type HoldingRow } from '../holdings.repository.js';

/** A user's liens and security deposits, newest first, for whoever sees the user. */
export class ListHoldingsQuery extends Query<HoldingRow[]> {
  constructor(
    readonly viewer: Viewer,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(ListHoldingsQuery)
export class ListHoldingsHandler implements IQueryHandler<ListHoldingsQuery> {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
    private readonly repository: HoldingsRepository,
  ) {}

  async execute({ viewer, userId }: ListHoldingsQuery): Promise<HoldingRow[]> {
    if (!(await this.scopes.canSee(this.db, viewer, userId))) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    return this.repository.listFor(this.db, userId);
  }
}
