import { Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ADMIN_BALANCE_KINDS,
  adminBalance,
  paiseToRupees,
  type UserBalanceAnswer,
} from '@khata/domain';
import { ForKinds, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { GetBalancesQuery } from './queries/get-balance.query.js';
import { spendableFigures } from './spendable-figures.js';

/** The two balance calls of spec §6: admin-type roles use the admin one, others the user one. */
@Controller()
export class BalancesController {
  constructor(private readonly queries: QueryBus) {}

  /** spec §7 `/user/checkBalance`: the wallet balance and the services the user may use. */
  @Post('user/checkBalance')
  @HttpCode(200)
  @SignedIn()
  async userBalance(@CurrentUser() user: AuthUser): Promise<UserBalanceAnswer> {
    const snapshot = await this.queries.execute(new GetBalancesQuery(user.userId, user.kind));
    const { balances } = snapshot;
    return {
      success: true,
      balance: paiseToRupees(balances.wallet),
      ...spendableFigures(snapshot),
      lienAmount: paiseToRupees(balances.lien),
      securityAmount: paiseToRupees(balances.security),
      // Issue 26: what the AEPS account may pay now (a settlement's hold taken off).
      aepsBalance: paiseToRupees(balances.aeps),
      // effectiveServices: payout and AEPS wait for an approved KYC, and so does the menu.
      services: [...user.services],
    };
  }

  /** spec §7 `/admin/checkBalance`: main balance plus the sum of the profit areas. */
  @Post('admin/checkBalance')
  @HttpCode(200)
  @ForKinds(...ADMIN_BALANCE_KINDS)
  async adminBalance(@CurrentUser() user: AuthUser) {
    const snapshot = await this.queries.execute(new GetBalancesQuery(user.userId, user.kind));
    const { mainBalance, profitArea, balance } = adminBalance(snapshot.balances);
    return {
      success: true,
      accountDetails: { balance: { mainBalance }, profitArea },
      balance,
      ...spendableFigures(snapshot),
    };
  }
}
