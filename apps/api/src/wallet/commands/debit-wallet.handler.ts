import { auditMoney } from '@khata/domain';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db } from '../../database/unit-of-work.js';
import { WalletMovements } from '../wallet-movements.js';
import { DebitWalletCommand } from './credit-wallet.command.js';
import type { MoneyMoved } from './send-money.command.js';

@CommandHandler(DebitWalletCommand)
export class DebitWalletHandler implements ICommandHandler<DebitWalletCommand> {
  private readonly logger = new Logger('DebitWallet');

  constructor(
    private readonly pins: PinVerifier,
    private readonly movements: WalletMovements,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async execute(command: DebitWalletCommand): Promise<MoneyMoved> {
    await this.pins.verify({ userId: command.admin.userId }, command.pin, command.context);
    const moved = await this.movements.move({
      type: 'wallet.debited',
      actor: command.admin,
      payer: 'funding',
      recipientMobile: command.mobile,
      amount: command.amount,
      remark: command.reason,
      idempotencyKey: command.idempotencyKey,
      context: command.context,
    });
    // Committed already (the event names the admin): a failed audit write is logged only.
    if (!moved.replayed) {
      await this.audit
        .record(this.db, {
          action: 'wallet.debit',
          outcome: 'success',
          actorId: command.admin.userId,
          subjectId: moved.recipientId,
          sessionId: command.admin.sessionId,
          context: command.context,
          details: {
            eventId: moved.record._id,
            orderID: moved.record.payload.orderID,
            amount: auditMoney(command.amount),
            reason: command.reason,
          },
        })
        .catch((error: unknown) =>
          this.logger.error({ err: error, eventId: moved.record._id }, 'Audit of a debit failed'),
        );
    }
    return moved;
  }
}
