import { Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { paiseToRupees, type CompanyAccountAnswer } from '@khata/domain';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { GetCompanyAccountQuery } from './get-company-account.js';

const FEE_INCOME = 'system:fee_income';

/**
 * The Admin account screen (issue 12): the company's own accounts from the ledger. `total` is
 * the main balance plus the profit areas, the same sum `/admin/checkBalance` answers.
 */
@Controller('admin')
export class CompanyAccountsController {
  constructor(private readonly queries: QueryBus) {}

  @Post('companyAccount')
  @HttpCode(200)
  @ForKinds('admin')
  async companyAccount(@CurrentUser() user: AuthUser): Promise<CompanyAccountAnswer> {
    const { balances, system } = await this.queries.execute(
      new GetCompanyAccountQuery(user.userId),
    );
    return {
      success: true,
      mainBalance: paiseToRupees(balances.wallet),
      profitArea: { commission: paiseToRupees(balances.commission) },
      total: paiseToRupees(balances.wallet + balances.commission),
      feeIncome: paiseToRupees(
        system.find((account) => account.kind === FEE_INCOME)?.available ?? 0,
      ),
      systemAccounts: system.map((account) => ({
        kind: account.kind,
        balance: paiseToRupees(account.available),
      })),
    };
  }
}
