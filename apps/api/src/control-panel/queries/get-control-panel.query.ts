import { Query } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { Balances } from '../../accounts/accounts.repository.js';
import type { LoginEntry } from '../../auth/sessions.repository.js';

/** The wallet this month (India time), in paise, from the read model's monthly totals. */
export interface MonthOfWallet {
  openingBalance: Paise;
  totalCredit: Paise;
  totalPayIn: Paise;
  totalPayOut: Paise;
  closingBalance: Paise;
}

export interface ControlPanelView {
  logins: LoginEntry[];
  balances: Balances;
  month: MonthOfWallet;
}

/** The caller's latest sign-ins (spec §9: the last 2) and their account details. */
export class GetControlPanelQuery extends Query<ControlPanelView> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
