import { Command } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { MoneyMoved } from './send-money.command.js';

/**
 * Issue 23: a distributor tier pays a user of its own downline (libs/domain network-scope.ts)
 * from its wallet, from User details: a wallet transfer whose recipient is named by id and
 * must be below the sender.
 */
export class SendToDownlineCommand extends Command<MoneyMoved> {
  constructor(
    readonly sender: AuthUser,
    readonly userId: string,
    readonly amount: Paise,
    readonly remark: string | undefined,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
