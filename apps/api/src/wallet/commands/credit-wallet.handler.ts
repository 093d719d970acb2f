import { auditMoney } from '@khata/domain';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db } from '../../database/unit-of-work.js';
import { WalletMovements } from '../wallet-movements.js';
import { CreditWalletCommand } from './credit-wallet.command.js';
import type { MoneyMoved } from './send-money.command.js';

@CommandHandler(CreditWalletCommand)
export class CreditWalletHandler implements ICommandHandler<CreditWalletCommand> {
  private readonly logger = new Logger('CreditWallet');

  constructor(
    private readonly pins: PinVerifier,
    private readonly movements: WalletMovements,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async execute(command: CreditWalletCommand): Promise<MoneyMoved> {
    await this.pins.verify({ userId: command.admin.userId }, command.pin, command.context);
    const moved = await this.movements.move({
      type: 'wallet.credited',
      actor: command.admin,
      payer: 'funding',
      recipientMobile: command.mobile,
      amount: command.amount,
      remark: command.remark,
      idempotencyKey: command.idempotencyKey,
      context: command.context,
    });
    // The credit has committed (its ledger event names the admin, session and address): a
    // failed audit write is logged, never answered as a failure a client would retry.
    if (!moved.replayed) {
      await this.audit
        .record(this.db, {
          action: 'wallet.credit',
          outcome: 'success',
          actorId: command.admin.userId,
          subjectId: moved.recipientId,
          sessionId: command.admin.sessionId,
          context: command.context,
          details: {
            eventId: moved.record._id,
            orderID: moved.record.payload.orderID,
            amount: auditMoney(command.amount),
          },
        })
        .catch((error: unknown) =>
          this.logger.error({ err: error, eventId: moved.record._id }, 'Audit of a credit failed'),
        );
    }
    return moved;
  }
}
