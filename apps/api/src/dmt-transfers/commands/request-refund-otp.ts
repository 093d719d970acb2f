import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  customerOtpBinding,
  decideDmtRefund,
  DmtTransferMessages,
  isUuid,
  type TransferProduct,
} from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type Tx, UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps } from '../../dmt/customer-otps.js';
import { Remitters } from '../../dmt/remitters.js';
import type { DmtTransfer } from '../dmt-transfer.js';
import { assertMaySendDmt } from '../dmt-transfer-access.js';
import { DmtTransfersRepository } from '../dmt-transfers.repository.js';

/**
 * The shop's own transfer of the product, or the not-found answer (another shop's, or another
 * product's, looks like none).
 */
export async function ownTransfer(
  transfers: DmtTransfersRepository,
  tx: Tx,
  actor: AuthUser,
  transferId: unknown,
  { lock = false, product = 'dmt' }: { lock?: boolean; product?: TransferProduct } = {},
): Promise<DmtTransfer> {
  if (!isUuid(transferId))
    throw new AppError(ErrorKind.Invalid, DmtTransferMessages.transferIdInvalid);
  const transfer = lock
    ? await transfers.lock(tx, transferId)
    : await transfers.find(transferId, tx);
  if (!transfer || transfer.userId !== actor.userId || transfer.product !== product) {
    throw new AppError(ErrorKind.NotFound, DmtTransferMessages.transferNotFound);
  }
  return transfer;
}

/**
 * `POST /api/dmt/refund/otp`: the refund OTP to the remitter's mobile, for a failed (or
 * returned) transfer of the caller's shop whose refund is pending; bound to the transfer id.
 */
export class RequestRefundOtpCommand extends Command<{
  expiresAt: Date;
  amount: number;
  fee: number;
}> {
  constructor(
    readonly actor: AuthUser,
    readonly transferId: unknown,
    readonly product: TransferProduct = 'dmt',
  ) {
    super();
  }
}

@CommandHandler(RequestRefundOtpCommand)
export class RequestRefundOtpHandler implements ICommandHandler<RequestRefundOtpCommand> {
  constructor(
    private readonly transfers: DmtTransfersRepository,
    private readonly remitters: Remitters,
    private readonly otps: CustomerOtps,
    private readonly uow: UnitOfWork,
  ) {}

  async execute({ actor, transferId, product }: RequestRefundOtpCommand) {
    assertMaySendDmt(actor, product);
    return this.uow.run(async (tx) => {
      const transfer = await ownTransfer(this.transfers, tx, actor, transferId, { product });
      const decision = decideDmtRefund(transfer.refundState, { confirming: false });
      if (decision.do !== 'refund') {
        throw new AppError(ErrorKind.Refused, DmtTransferMessages.refundNotDue);
      }
      const remitter = await this.remitters.findById(transfer.remitterId, tx);
      if (!remitter) throw new Error(`DMT transfer ${transfer.id} has no remitter.`);
      const total = transfer.amount + transfer.fee;
      const issued = await this.otps.issue(tx, {
        purpose: 'refund',
        remitterId: remitter.id,
        mobile: remitter.mobile,
        binding: customerOtpBinding.refund(transfer.id),
        requestedBy: actor.userId,
        smsText: (code, minutes) => DmtTransferMessages.refundSms(code, total, minutes),
      });
      return { expiresAt: issued.expiresAt, amount: transfer.amount, fee: transfer.fee };
    });
  }
}
