import { Command } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { MoneyMoved } from './send-money.command.js';

/** An admin funds a wallet (API.md `/admin/creditWallet`), from the funding system account. */
export class CreditWalletCommand extends Command<MoneyMoved> {
  constructor(
    readonly admin: AuthUser,
    readonly mobile: string,
    readonly amount: Paise,
    readonly remark: string | undefined,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** An admin debits a wallet (issue 13, `/admin/debitWallet`), into the funding system account. */
export class DebitWalletCommand extends Command<MoneyMoved> {
  constructor(
    readonly admin: AuthUser,
    readonly mobile: string,
    readonly amount: Paise,
    readonly reason: string,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
