import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OverdraftEntry, Viewer } from '@khata/domain';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { HoldingsRepository } from '../holdings.repository.js';

/** Every wallet with an overdraft limit among the users the viewer sees (`/admin/overdraft`). */
export class ListOverdraftsQuery extends Query<OverdraftEntry[]> {
  constructor(readonly viewer: Viewer) {
    super();
  }
}

@QueryHandler(ListOverdraftsQuery)
export class ListOverdraftsHandler implements IQueryHandler<ListOverdraftsQuery> {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
    private readonly repository: HoldingsRepository,
  ) {}

  async execute({ viewer }: ListOverdraftsQuery): Promise<OverdraftEntry[]> {
    const params: unknown[] = [];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    return this.repository.overdrafts(this.db, filter, params);
  }
}
