import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { WalletMovements } from '../wallet-movements.js';
import { SendMoneyToWalletCommand, type MoneyMoved } from './send-money.command.js';

@CommandHandler(SendMoneyToWalletCommand)
export class SendMoneyToWalletHandler implements ICommandHandler<SendMoneyToWalletCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly movements: WalletMovements,
  ) {}

  async execute(command: SendMoneyToWalletCommand): Promise<MoneyMoved> {
    await this.pins.verify({ userId: command.sender.userId }, command.pin, command.context);
    return this.movements.move({
      type: 'wallet.transferred',
      actor: command.sender,
      payer: 'actor',
      recipientMobile: command.mobile,
      amount: command.amount,
      remark: command.remark,
      idempotencyKey: command.idempotencyKey,
      context: command.context,
    });
  }
}
