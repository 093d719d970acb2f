import { Command } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** What a move did, in paise: the amount, and both balances as they stand after it. */
export interface AepsBalanceMoved {
  moved: Paise;
  aepsBalance: Paise;
  walletBalance: Paise;
  /** A repeat of an earlier request with the same Idempotency-Key: nothing moved this time. */
  replayed: boolean;
}

/**
 * Issue 26: the caller moves `amount` of its own AEPS balance to its own main wallet, with its
 * transaction PIN, once per Idempotency-Key.
 */
export class MoveAepsBalanceCommand extends Command<AepsBalanceMoved> {
  constructor(
    readonly user: AuthUser,
    readonly amount: Paise,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
