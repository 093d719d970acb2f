import { Command } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { TransactionRecord } from '../../transactions/transaction-record.js';

export interface MoneyMoved {
  record: TransactionRecord;
  recipientId: string;
  /** A repeat of an earlier request with the same Idempotency-Key: nothing moved this time. */
  replayed: boolean;
}

/** Wallet to wallet (spec §4, §5, §7): the caller's wallet pays the wallet of `mobile`. */
export class SendMoneyToWalletCommand extends Command<MoneyMoved> {
  constructor(
    readonly sender: AuthUser,
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
