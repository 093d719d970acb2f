import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Messages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { UsersRepository } from '../../users/users.repository.js';
import { WalletMovements } from '../wallet-movements.js';
import type { MoneyMoved } from './send-money.command.js';
import { SendToDownlineCommand } from './send-to-downline.command.js';

@CommandHandler(SendToDownlineCommand)
export class SendToDownlineHandler implements ICommandHandler<SendToDownlineCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly users: UsersRepository,
    private readonly scopes: NetworkScopes,
    private readonly movements: WalletMovements,
    private readonly db: Db,
  ) {}

  /**
   * The PIN first, then the network rule: a user outside the sender's downline (or the sender
   * itself) is answered like one that does not exist. The money moves as a wallet transfer,
   * through the ledger, once per Idempotency-Key.
   */
  async execute(command: SendToDownlineCommand): Promise<MoneyMoved> {
    const { sender } = command;
    await this.pins.verify({ userId: sender.userId }, command.pin, command.context);
    const recipient = await this.users.findById(command.userId);
    if (
      !recipient ||
      recipient.id === sender.userId ||
      !(await this.scopes.canSee(this.db, sender, recipient.id))
    ) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    return this.movements.move({
      type: 'wallet.transferred',
      actor: sender,
      payer: 'actor',
      recipientMobile: recipient.mobile,
      amount: command.amount,
      remark: command.remark,
      idempotencyKey: command.idempotencyKey,
      context: command.context,
    });
  }
}
