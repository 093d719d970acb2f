import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApprovalAsked } from '../../approvals/second-approvals.js';
import { AdminMoney } from './admin-money.js';
import { DebitWalletCommand } from './credit-wallet.command.js';
import type { MoneyMoved } from './send-money.command.js';

@CommandHandler(DebitWalletCommand)
export class DebitWalletHandler implements ICommandHandler<DebitWalletCommand> {
  constructor(private readonly money: AdminMoney) {}

  execute(command: DebitWalletCommand): Promise<MoneyMoved | ApprovalAsked> {
    return this.money.run(command, 'wallet.debit', command.reason);
  }
}
