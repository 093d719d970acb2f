import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { TransactionRecord } from '../../transactions/transaction-record.js';
import { PayoutMessages } from '../payout-messages.js';
import { PayoutProcessor } from '../payout-processor.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { CheckPayoutCommand } from './check-payout.command.js';

@CommandHandler(CheckPayoutCommand)
export class CheckPayoutHandler implements ICommandHandler<CheckPayoutCommand> {
  constructor(
    private readonly processor: PayoutProcessor,
    private readonly payouts: PayoutsRepository,
  ) {}

  async execute(command: CheckPayoutCommand): Promise<TransactionRecord> {
    const payout = await this.processor.advance(
      command.payoutId,
      { by: 'admin', adminId: command.admin.userId, requestId: command.context.requestId },
      { checkReturn: true },
    );
    if (!payout) throw new AppError(ErrorKind.NotFound, PayoutMessages.notFound);
    return payoutRecord(payout, await this.payouts.balanceAfter(payout));
  }
}
