import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AccountsRepository, type Balances } from '../accounts/accounts.repository.js';
import { CompanyAccountsRepository, type SystemBalance } from './company-accounts.repository.js';

export interface CompanyAccountView {
  /** The signed-in admin's own accounts: what `/admin/checkBalance` reads. */
  balances: Balances;
  system: SystemBalance[];
}

/** The company's own money, for an admin: its accounts and every system account. */
export class GetCompanyAccountQuery extends Query<CompanyAccountView> {
  constructor(readonly adminId: string) {
    super();
  }
}

@QueryHandler(GetCompanyAccountQuery)
export class GetCompanyAccountHandler implements IQueryHandler<GetCompanyAccountQuery> {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly company: CompanyAccountsRepository,
  ) {}

  async execute({ adminId }: GetCompanyAccountQuery): Promise<CompanyAccountView> {
    const [balances, system] = await Promise.all([
      this.accounts.balancesOf(adminId),
      this.company.systemBalances(),
    ]);
    return { balances, system };
  }
}
