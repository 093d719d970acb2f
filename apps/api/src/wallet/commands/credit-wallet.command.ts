import { Command } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { ApprovalAsked, SecondApproval } from '../../approvals/second-approvals.js';
import type { MoneyMoved } from './send-money.command.js';

/**
 * An admin funds a wallet (API.md `/admin/creditWallet`), from the funding system account.
 * Above the threshold it asks for a second admin instead (issue 31 item 4); `approval` is set
 * when it runs as that second admin's approval.
 */
export class CreditWalletCommand extends Command<MoneyMoved | ApprovalAsked> {
  constructor(
    readonly admin: AuthUser,
    readonly mobile: string,
    readonly amount: Paise,
    readonly remark: string | undefined,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
    readonly approval?: SecondApproval,
  ) {
    super();
  }
}

/** An admin debits a wallet (issue 13, `/admin/debitWallet`), into the funding system account. */
export class DebitWalletCommand extends Command<MoneyMoved | ApprovalAsked> {
  constructor(
    readonly admin: AuthUser,
    readonly mobile: string,
    readonly amount: Paise,
    readonly reason: string,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
    readonly approval?: SecondApproval,
  ) {
    super();
  }
}
