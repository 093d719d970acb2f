import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApprovalAsked } from '../../approvals/second-approvals.js';
import { AdminMoney } from './admin-money.js';
import { CreditWalletCommand } from './credit-wallet.command.js';
import type { MoneyMoved } from './send-money.command.js';

@CommandHandler(CreditWalletCommand)
export class CreditWalletHandler implements ICommandHandler<CreditWalletCommand> {
  constructor(private readonly money: AdminMoney) {}

  execute(command: CreditWalletCommand): Promise<MoneyMoved | ApprovalAsked> {
    return this.money.run(command, 'wallet.credit', command.remark);
  }
}
