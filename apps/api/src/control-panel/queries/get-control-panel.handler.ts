import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LOGIN_HISTORY_ENTRIES } from '@khata/domain';
import { AccountsRepository } from '../../accounts/accounts.repository.js';
import { SessionsRepository } from '../../auth/sessions.repository.js';
import { GetControlPanelQuery, type ControlPanelView } from './get-control-panel.query.js';

@QueryHandler(GetControlPanelQuery)
export class GetControlPanelHandler implements IQueryHandler<GetControlPanelQuery> {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  async execute({ userId, sessionId }: GetControlPanelQuery): Promise<ControlPanelView> {
    const [logins, balances] = await Promise.all([
      this.sessions.latestLogins(userId, sessionId, LOGIN_HISTORY_ENTRIES),
      this.accounts.balancesOf(userId),
    ]);
    return { logins, balances };
  }
}
