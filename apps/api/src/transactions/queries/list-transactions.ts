import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ReadModelRepository, type Page, type RecordFilter } from '../read-model.repository.js';
import type { TransactionRecord } from '../transaction-record.js';

/** A user's own transactions, newest first (API.md `/user/transactions`). */
export class ListTransactionsQuery extends Query<{ records: TransactionRecord[]; total: number }> {
  constructor(
    readonly userId: string,
    readonly filter: RecordFilter,
    readonly page: Page,
  ) {
    super();
  }
}

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery> {
  constructor(private readonly readModel: ReadModelRepository) {}

  execute({ userId, filter, page }: ListTransactionsQuery) {
    return this.readModel.list(userId, filter, page);
  }
}
