import { Query } from '@nestjs/cqrs';
import type { Balances } from '../../accounts/accounts.repository.js';
import type { LoginEntry } from '../../auth/sessions.repository.js';

export interface ControlPanelView {
  logins: LoginEntry[];
  balances: Balances;
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
