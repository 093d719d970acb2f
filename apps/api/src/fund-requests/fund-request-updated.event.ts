import type { FundRequestState } from '@khata/domain';

/** A fund request was sent or decided: the requester and its approver hear it live. */
export class FundRequestUpdatedEvent {
  constructor(
    readonly id: string,
    /** The users told: the requester, and the upline that approves it (if not an admin). */
    readonly userIds: readonly string[],
    /** Admins decide it: every signed-in admin's queue hears it too. */
    readonly toAdmins: boolean,
    readonly state: FundRequestState,
    readonly reason: string | null,
  ) {}
}
