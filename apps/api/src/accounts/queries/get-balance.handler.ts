import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AccountsRepository, type BalanceSnapshot } from '../accounts.repository.js';
import { GetBalancesQuery } from './get-balance.query.js';

@QueryHandler(GetBalancesQuery)
export class GetBalancesHandler implements IQueryHandler<GetBalancesQuery> {
  constructor(private readonly accounts: AccountsRepository) {}

  execute({ userId }: GetBalancesQuery): Promise<BalanceSnapshot> {
    return this.accounts.snapshotOf(userId);
  }
}
