import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { KHATA_AS_SENDER, type Paise, roleKind } from '@khata/domain';
import { creditParty, Ledger, openedRecord } from '@khata/ledger';
import { createHash } from 'node:crypto';
import type { RequestContext } from '../common/http/request-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Tx } from '../database/unit-of-work.js';
import { UserAccountIds } from '../ledger/user-account-ids.js';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import {
  type AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import { orderId } from '../transactions/transaction-record.js';
import type { UserEntity } from '../users/user.entity.js';
import type { Payout } from './payout.js';
import {
  compensationStream,
  type CompensationRow,
  PayoutsRepository,
} from './payouts.repository.js';

export interface CompensationPayment {
  payout: Payout;
  owner: Pick<UserEntity, 'id' | 'name' | 'mobile' | 'role'>;
  amount: Paise;
  daysLate: number;
  admin: { userId: string; sessionId: string | null };
  context: RequestContext;
}

export interface CompensationWritten {
  appended: AppendedProjected;
  /** The compensation as stored, read back in the same transaction. */
  stored: CompensationRow | undefined;
}

/**
 * The ledger side of a late return's compensation (docs/decisions.md "Issue 14: compensation
 * paid"): one event on the stream `compensation:<payoutId>` credits the owner's wallet from
 * `system:compensation`, with the idempotency key `compensation:<payoutId>`, in the caller's
 * transaction; after commit, the owner's new balance is announced.
 */
@Injectable()
export class CompensationWriter {
  constructor(
    private readonly ledger: Ledger,
    private readonly accountIds: UserAccountIds,
    private readonly appends: ProjectedAppends,
    private readonly payouts: PayoutsRepository,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pay(tx: Tx, payment: CompensationPayment): Promise<CompensationWritten> {
    const { payout, owner, amount, daysLate, admin, context } = payment;
    const compensationAccount = await this.ledger.systemAccount('system:compensation');
    const wallet = await this.accountIds.of(owner.id, 'wallet');
    const payoutOrder = orderId(payout.orderSeq);
    const reason = `Compensation for late return of ${payoutOrder}`;
    const record = openedRecord({
      type: 'walletCredit',
      status: 'success',
      parties: [
        creditParty({
          userId: owner.id,
          accountId: wallet,
          amount,
          details: KHATA_AS_SENDER,
        }),
      ],
      details: {
        beneficiaryName: owner.name,
        beneficiaryMobile: owner.mobile,
        remark: reason,
        compensationFor: payout.id,
        compensationForOrder: payoutOrder,
        daysLate,
      },
      remitterMobile: null,
    });
    const key = compensationStream(payout.id);
    const appended = await this.appends.within(tx).append({
      type: 'wallet.credited',
      stream: key,
      legs: [
        { accountId: compensationAccount, amount: -amount },
        { accountId: wallet, amount },
      ],
      data: { record, payoutId: payout.id, amount, daysLate, reason },
      metadata: {
        sessionId: admin.sessionId,
        ip: context.ip,
        latitude: context.latitude,
        longitude: context.longitude,
        requestId: context.requestId,
      },
      actorId: admin.userId,
      idempotencyKey: key,
      requestHash: createHash('sha256')
        .update(JSON.stringify(['compensation', payout.id, amount]))
        .digest('hex'),
    });
    const stored = (await this.payouts.compensationsPaid(tx, [payout.id])).get(payout.id);
    return { appended, stored };
  }

  /** After commit only: the owner's wallet credit, to their screens. */
  announce(appended: AppendedProjected, owner: Pick<UserEntity, 'id' | 'role'>): void {
    const kinds = new Map([[owner.id, roleKind(owner.role, this.config.productKey)]]);
    const announcement = appendedAnnouncement(appended, kinds);
    if (announcement) this.events.publish(announcement);
  }
}
