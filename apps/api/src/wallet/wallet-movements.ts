import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { roleKind, type Paise } from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { MoneyMoved } from './commands/send-money.command.js';
import { walletRecord } from './transaction-record.js';
import { WalletMovedEvent } from './wallet-moved.event.js';

export const WalletMessages = {
  recipientNotFound: 'User not found',
  toSelf: 'You cannot send money to your own wallet.',
} as const;

interface Movement {
  type: 'wallet.transferred' | 'wallet.credited';
  actor: AuthUser;
  /** The wallet that pays: the actor's own, or the funding system account for a credit. */
  payer: 'actor' | 'funding';
  recipientMobile: string;
  amount: Paise;
  remark: string | undefined;
  idempotencyKey: string;
  context: RequestContext;
}

/** Moves money into a wallet through the ledger, once per Idempotency-Key, and says so after. */
@Injectable()
export class WalletMovements {
  constructor(
    private readonly ledger: Ledger,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async move(movement: Movement): Promise<MoneyMoved> {
    const recipient = await this.recipient(movement.recipientMobile);
    if (recipient.id === movement.actor.userId && movement.payer === 'actor') {
      throw new AppError(ErrorKind.Refused, WalletMessages.toSelf);
    }
    const [from, to] = await Promise.all([
      movement.payer === 'actor'
        ? this.ledger.userAccount(movement.actor.userId, 'wallet')
        : this.ledger.systemAccount('system:funding'),
      this.ledger.userAccount(recipient.id, 'wallet'),
    ]);
    const data = {
      fromUserId: movement.payer === 'actor' ? movement.actor.userId : null,
      toUserId: recipient.id,
      beneficiaryName: recipient.name,
      beneficiaryMobile: recipient.mobile,
      remark: movement.remark ?? null,
    };
    const appended = await this.ledger.append({
      type: movement.type,
      stream: `${movement.type === 'wallet.credited' ? 'credit' : 'transfer'}:${randomUUID()}`,
      legs: [
        { accountId: from, amount: -movement.amount },
        { accountId: to, amount: movement.amount },
      ],
      data: { ...data, amount: movement.amount },
      metadata: {
        sessionId: movement.actor.sessionId,
        ip: movement.context.ip,
        latitude: movement.context.latitude,
        longitude: movement.context.longitude,
        requestId: movement.context.requestId,
      },
      actorId: movement.actor.userId,
      idempotencyKey: movement.idempotencyKey,
      requestHash: requestHash(movement.type, recipient.id, movement.amount, movement.remark),
    });
    const balanceAfter = await this.ledger.balanceAfter(
      appended.seq,
      movement.payer === 'actor' ? from : to,
    );
    const record = walletRecord({
      eventId: appended.id,
      seq: appended.seq,
      type: movement.type,
      amount: movement.amount,
      at: this.clock.now(),
      remitterMobile: movement.payer === 'actor' ? movement.actor.mobile : null,
      data,
      balanceAfter,
    });
    if (!appended.replayed) {
      this.events.publish(
        new WalletMovedEvent(appended.id, data.fromUserId, recipient.id, movement.amount),
      );
    }
    return { record, replayed: appended.replayed };
  }

  /** Any active person with a wallet; partners hold none, and blocked users receive nothing. */
  private async recipient(mobile: string): Promise<UserEntity> {
    const user = await this.users.findByMobile(mobile);
    const kind = user && roleKind(user.role, this.config.productKey);
    if (!user || !kind || kind === 'partner' || user.status !== 'active') {
      throw new AppError(ErrorKind.NotFound, WalletMessages.recipientNotFound);
    }
    return user;
  }
}

/** What makes two requests "the same" for idempotency: kind, recipient, amount, remark. */
function requestHash(
  type: string,
  recipientId: string,
  amount: Paise,
  remark: string | undefined,
): string {
  return createHash('sha256')
    .update(JSON.stringify([type, recipientId, amount, remark ?? null]))
    .digest('hex');
}
