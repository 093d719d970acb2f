import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkDmtAmount,
  checkDmtMode,
  checkMobile,
  customerOtpBinding,
  type DmtMode,
  DmtTransferMessages,
  isUuid,
  type Paise,
  type TransferProduct,
} from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps } from '../../dmt/customer-otps.js';
import { assertMaySendDmt } from '../dmt-transfer-access.js';
import { DmtTransferReads } from '../dmt-transfer-reads.js';
import { refusalOf } from './transfer-refusals.js';

/** The transfer form as sent (both calls). */
export interface TransferBody {
  remitterMobile?: unknown;
  beneficiaryId?: unknown;
  amount?: unknown;
  mode?: unknown;
  otp?: unknown;
}

export interface TransferForm {
  remitterMobile: string;
  beneficiaryId: string;
  amount: Paise;
  mode: DmtMode;
}

export interface TransferOtpSent {
  amount: Paise;
  fee: Paise;
  total: Paise;
  mode: DmtMode;
  expiresAt: Date;
  monthLeft: Paise;
}

/** The transfer form checked, each field with its own message (libs/domain). */
export function checkTransferForm(
  body: TransferBody,
  limits: Parameters<typeof checkDmtAmount>[1],
): TransferForm {
  const mobile = checkMobile(body.remitterMobile);
  if (!mobile.ok) throw new AppError(ErrorKind.Invalid, mobile.message);
  if (!isUuid(body.beneficiaryId)) {
    throw new AppError(ErrorKind.Invalid, DmtTransferMessages.beneficiaryUnknown);
  }
  const amount = checkDmtAmount(body.amount, limits);
  if (!amount.ok) throw new AppError(ErrorKind.Invalid, amount.message);
  const mode = checkDmtMode(body.mode);
  if (!mode.ok) throw new AppError(ErrorKind.Invalid, mode.message);
  return {
    remitterMobile: mobile.value,
    beneficiaryId: body.beneficiaryId,
    amount: amount.value,
    mode: mode.value,
  };
}

/**
 * `POST /api/dmt/transfer/otp` (and `/api/ppi/transfer/otp`): the per-transaction OTP (RBI's additional factor) to the
 * remitter's mobile, bound to beneficiary, amount and mode, after the same checks the transfer
 * makes (so the customer hears a refusal before typing a code); answers the fee and total
 * from the fee function the transfer charges with.
 */
export class RequestTransferOtpCommand extends Command<TransferOtpSent> {
  constructor(
    readonly actor: AuthUser,
    readonly body: TransferBody,
    readonly product: TransferProduct = 'dmt',
  ) {
    super();
  }
}

@CommandHandler(RequestTransferOtpCommand)
export class RequestTransferOtpHandler implements ICommandHandler<RequestTransferOtpCommand> {
  constructor(
    private readonly reads: DmtTransferReads,
    private readonly otps: CustomerOtps,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, body, product }: RequestTransferOtpCommand): Promise<TransferOtpSent> {
    assertMaySendDmt(actor, product);
    const form = checkTransferForm(body, this.reads.limitsOf(product));
    // PPI: the provider's word on the sender's wallet (tier, monthly limit) is asked first,
    // outside the transaction; the transfer reads what it answered.
    const known = await this.reads.remitter(form.remitterMobile);
    if (known) await this.reads.refreshWallet(product, known);
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const remitter = await this.reads.remitter(form.remitterMobile, tx);
      const { decision, beneficiary } = await this.reads.decide(tx, product, form, remitter, now);
      if (decision.do === 'refuse') throw refusalOf(decision);
      const { fee } = await this.reads.fee(tx, actor, form.amount, product);
      const issued = await this.otps.issue(tx, {
        purpose: 'transfer',
        remitterId: remitter!.id,
        mobile: remitter!.mobile,
        binding: customerOtpBinding.transfer(form.beneficiaryId, form.amount, form.mode),
        requestedBy: actor.userId,
        smsText: (code, minutes) =>
          DmtTransferMessages.transferSms(code, form.amount, beneficiary!.accountLast4, minutes),
      });
      return {
        amount: form.amount,
        fee,
        total: form.amount + fee,
        mode: form.mode,
        expiresAt: issued.expiresAt,
        monthLeft: decision.monthLeftAfter + form.amount,
      };
    });
  }
}
