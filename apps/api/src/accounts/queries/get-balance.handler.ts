import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AccountsRepository, type Balances } from '../accounts.repository.js';
import { GetBalancesQuery } from './get-balance.query.js';

@QueryHandler(GetBalancesQuery)
export class GetBalancesHandler implements IQueryHandler<GetBalancesQuery> {
  constructor(private readonly accounts: AccountsRepository) {}

  execute({ userId }: GetBalancesQuery): Promise<Balances> {
    return this.accounts.balancesOf(userId);
  }
}
