import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { indiaMonth, LOGIN_HISTORY_ENTRIES } from '@khata/domain';
import { AccountsRepository } from '../../accounts/accounts.repository.js';
import { SessionsRepository } from '../../auth/sessions.repository.js';
import { Clock } from '../../common/clock.js';
import { ReadModelRepository } from '../../transactions/read-model.repository.js';
import {
  GetControlPanelQuery,
  type ControlPanelView,
  type MonthOfWallet,
} from './get-control-panel.query.js';

/** Money that came into the wallet from outside the network: credits, fund requests, pay-ins. */
const PAY_IN_EVENTS = new Set(['wallet.credited']);
const isPayOut = (eventType: string) => eventType.startsWith('payout.');

@QueryHandler(GetControlPanelQuery)
export class GetControlPanelHandler implements IQueryHandler<GetControlPanelQuery> {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly readModel: ReadModelRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, sessionId }: GetControlPanelQuery): Promise<ControlPanelView> {
    const [logins, balances, month] = await Promise.all([
      this.sessions.latestLogins(userId, sessionId, LOGIN_HISTORY_ENTRIES),
      this.accounts.balancesOf(userId),
      this.walletThisMonth(userId),
    ]);
    return { logins, balances, month };
  }

  private async walletThisMonth(userId: string): Promise<MonthOfWallet> {
    const month = indiaMonth(this.clock.now());
    const [openingBalance, totals] = await Promise.all([
      this.readModel.openingOf(userId, 'wallet', month),
      this.readModel.monthlyTotals(userId, month, month),
    ]);
    const wallet = totals.filter((total) => total.account === 'wallet');
    const sum = (pick: (total: (typeof wallet)[number]) => number) =>
      wallet.reduce((paise, total) => paise + pick(total), 0);
    const totalCredit = sum((total) => total.credits);
    return {
      openingBalance,
      totalCredit,
      totalPayIn: sum((total) => (PAY_IN_EVENTS.has(total.eventType) ? total.credits : 0)),
      totalPayOut: sum((total) => (isPayOut(total.eventType) ? total.debits : 0)),
      closingBalance: openingBalance + totalCredit - sum((total) => total.debits),
    };
  }
}
