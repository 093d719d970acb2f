import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventBus } from '@nestjs/cqrs';
import {
  checkCustomerOtp,
  customerOtpBinding,
  decideDmtRefund,
  type TransferProduct,
} from '@khata/domain';
import { AuditTrail } from '../../audit/audit-trail.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps } from '../../dmt/customer-otps.js';
import { appendedAnnouncement } from '../../transactions/appended-announcement.js';
import type { AppendedProjected } from '../../transactions/projected-appends.repository.js';
import type { DmtTransfer } from '../dmt-transfer.js';
import { transferAuditDetails } from '../dmt-transfer-audit.js';
import { DmtTransferLedger } from '../dmt-transfer-ledger.js';
import { assertMaySendDmt } from '../dmt-transfer-access.js';
import { DmtTransfersRepository } from '../dmt-transfers.repository.js';
import { ownTransfer } from './request-refund-otp.js';

type RefundDone = { replay: DmtTransfer } | { transfer: DmtTransfer; appended: AppendedProjected };

export interface DmtRefunded {
  transfer: DmtTransfer;
  /** Refunded before (a second confirmation): nothing moved this time. */
  replayed: boolean;
}

/**
 * `POST /api/dmt/refund`: the customer's OTP confirms the refund of a failed (or returned)
 * transfer; then, once, the hold that kept amount + fee unspendable is voided, so the money is
 * the shop's again (the cash goes back to the customer at the counter). The refund is a
 * compare-and-set on the row's refund state in the transaction of its ledger event: confirmed
 * twice, it refunds once.
 */
export class RefundDmtTransferCommand extends Command<DmtRefunded> {
  constructor(
    readonly actor: AuthUser,
    readonly transferId: unknown,
    readonly otp: unknown,
    readonly context: RequestContext,
    readonly product: TransferProduct = 'dmt',
  ) {
    super();
  }
}

@CommandHandler(RefundDmtTransferCommand)
export class RefundDmtTransferHandler implements ICommandHandler<RefundDmtTransferCommand> {
  constructor(
    private readonly transfers: DmtTransfersRepository,
    private readonly ledger: DmtTransferLedger,
    private readonly otps: CustomerOtps,
    private readonly uow: UnitOfWork,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async execute({
    actor,
    transferId,
    otp,
    context,
    product,
  }: RefundDmtTransferCommand): Promise<DmtRefunded> {
    assertMaySendDmt(actor, product);
    const transfer = await this.uow.run((tx) =>
      ownTransfer(this.transfers, tx, actor, transferId, { product }),
    );
    const first = decideDmtRefund(transfer.refundState);
    if (first.do === 'replay') return { transfer, replayed: true };
    if (first.do === 'refuse') throw new AppError(ErrorKind.Refused, first.message);
    const code = checkCustomerOtp(otp);
    if (!code.ok) throw new AppError(ErrorKind.Invalid, code.message);
    const proven = await this.otps.check(
      'refund',
      transfer.remitterId,
      customerOtpBinding.refund(transfer.id),
      code.value,
    );
    const done = await this.uow.run(async (tx): Promise<RefundDone> => {
      const locked = await ownTransfer(this.transfers, tx, actor, transfer.id, {
        lock: true,
        product,
      });
      const decision = decideDmtRefund(locked.refundState);
      if (decision.do === 'replay') return { replay: locked };
      if (decision.do === 'refuse') throw new AppError(ErrorKind.Refused, decision.message);
      await this.otps.use(tx, proven);
      if (!(await this.transfers.markRefunded(tx, locked.id, this.clock.now(), actor.userId))) {
        throw new Error(`DMT transfer ${locked.id}: the refund lost its row lock.`);
      }
      const appended = await this.ledger.refunded(tx, locked, actor.userId, {
        sessionId: actor.sessionId,
      });
      await this.audit.record(tx, {
        action: `${product}.refund`,
        outcome: 'success',
        actorId: actor.userId,
        subjectId: locked.id,
        sessionId: actor.sessionId,
        context,
        details: {
          ...transferAuditDetails({ ...locked, refundState: 'refunded' }),
          status: locked.status,
        },
      });
      return { transfer: { ...locked, refundState: 'refunded' as const }, appended };
    });
    if ('replay' in done) return { transfer: done.replay, replayed: true };
    const announcement = appendedAnnouncement(done.appended, new Map([[actor.userId, actor.kind]]));
    if (announcement) this.events.publish(announcement);
    return { transfer: done.transfer, replayed: false };
  }
}
