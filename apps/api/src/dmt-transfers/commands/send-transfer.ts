import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkCustomerOtp,
  customerOtpBinding,
  DmtTransferMessages,
  type TransferProduct,
} from '@khata/domain';
import { createHash } from 'node:crypto';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { type Tx, UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps, type ProvenCustomerOtp } from '../../dmt/customer-otps.js';
import type { DmtTransfer } from '../dmt-transfer.js';
import { assertMaySendDmt } from '../dmt-transfer-access.js';
import { type OpenedDmtTransfer, DmtTransferOpener } from '../dmt-transfer-opener.js';
import { DmtTransferReads } from '../dmt-transfer-reads.js';
import { checkTransferForm, type TransferBody, type TransferForm } from './request-transfer-otp.js';
import { refusalOf } from './transfer-refusals.js';

export interface DmtTransferSent {
  transfer: DmtTransfer;
  /** A repeat under the same Idempotency-Key: nothing moved this time. */
  replayed: boolean;
}

/**
 * `POST /api/dmt/transfer` (and `/api/ppi/transfer`): the form, the retailer's PIN, the customer's OTP (a try taken
 * before comparing), then ONE transaction: the remitter's row locked (every shop's transfers for
 * this remitter queue here), an earlier transfer under the key replayed, this India month's
 * use summed, `decideDmtTransfer`, the fee, the OTP used (compare-and-set), and the transfer
 * opened (hold of amount + fee, row, outbox). The provider is called by the worker, never here.
 */
export class SendDmtTransferCommand extends Command<DmtTransferSent> {
  constructor(
    readonly actor: AuthUser,
    readonly body: TransferBody,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
    readonly product: TransferProduct = 'dmt',
  ) {
    super();
  }
}

@CommandHandler(SendDmtTransferCommand)
export class SendDmtTransferHandler implements ICommandHandler<SendDmtTransferCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly otps: CustomerOtps,
    private readonly reads: DmtTransferReads,
    private readonly opener: DmtTransferOpener,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(command: SendDmtTransferCommand): Promise<DmtTransferSent> {
    const { actor, idempotencyKey, product } = command;
    assertMaySendDmt(actor, product);
    const form = checkTransferForm(command.body, this.reads.limitsOf(product));
    const hash = requestHash(form, product);
    // A double click answers the first transfer before any code is tried again.
    const earlier = await this.uow.run((tx) =>
      this.reads.earlier(tx, actor.userId, idempotencyKey),
    );
    if (earlier) return replay(earlier, hash);
    const otp = checkCustomerOtp(command.body.otp);
    if (!otp.ok) throw new AppError(ErrorKind.Invalid, otp.message);
    await this.pins.verify({ userId: actor.userId }, command.pin, command.context);
    const remitter = await this.reads.remitter(form.remitterMobile);
    if (!remitter) throw new AppError(ErrorKind.NotFound, DmtTransferMessages.remitterUnknown);
    const binding = customerOtpBinding.transfer(form.beneficiaryId, form.amount, form.mode);
    let proven: ProvenCustomerOtp;
    try {
      proven = await this.otps.check('transfer', remitter.id, binding, otp.value, idempotencyKey);
    } catch (refused) {
      // A twin of this request (a double click) may have used the code after the first look
      // for the key (its tries are one try: the same key and code repeat it). Behind the remitter's lock (the twin holds it
      // until its transfer commits), answer the twin's transfer rather than "OTP used".
      const twin = await this.uow.run(async (tx) => {
        await this.reads.remitter(form.remitterMobile, tx, true);
        return this.reads.earlier(tx, actor.userId, idempotencyKey);
      });
      if (twin) return replay(twin, hash);
      throw refused;
    }

    const done = await this.uow.run((tx) => this.loadDecideOpen(tx, command, form, hash, proven));
    if ('replay' in done) return replay(done.replay, hash);
    this.opener.started(done.opened, actor.kind);
    return { transfer: done.opened.transfer, replayed: false };
  }

  private async loadDecideOpen(
    tx: Tx,
    { actor, idempotencyKey, context, product }: SendDmtTransferCommand,
    form: TransferForm,
    requestHash: string,
    proven: ProvenCustomerOtp,
  ): Promise<{ opened: OpenedDmtTransfer } | { replay: DmtTransfer }> {
    const remitter = await this.reads.remitter(form.remitterMobile, tx, true);
    // Under the lock: a twin request with the same key that got here first is replayed.
    const earlier = await this.reads.earlier(tx, actor.userId, idempotencyKey);
    if (earlier) return { replay: earlier };
    const now = this.clock.now();
    const { decision, beneficiary } = await this.reads.decide(tx, product, form, remitter, now);
    if (decision.do === 'refuse') throw refusalOf(decision);
    const fee = await this.reads.fee(tx, actor, form.amount, product);
    await this.otps.use(tx, proven);
    const opened = await this.opener.open(tx, {
      product,
      userId: actor.userId,
      remitterId: remitter!.id,
      beneficiaryId: beneficiary!.id,
      payee: {
        remitterMobile: remitter!.mobile,
        remitterName: remitter!.name,
        beneficiaryName: beneficiary!.name,
        bankName: beneficiary!.bankName,
        accountNumber: beneficiary!.accountNumber,
        ifsc: beneficiary!.ifsc,
      },
      amount: decision.amount,
      mode: decision.mode,
      fee,
      idempotencyKey,
      requestHash,
      metadata: {
        sessionId: actor.sessionId,
        ip: context.ip,
        latitude: context.latitude,
        longitude: context.longitude,
        requestId: context.requestId,
        idempotencyKey,
      },
      now,
    });
    return { opened };
  }
}

function replay(earlier: DmtTransfer, hash: string): DmtTransferSent {
  if (earlier.requestHash !== hash) {
    throw new AppError(ErrorKind.Conflict, DmtTransferMessages.keyReused);
  }
  return { transfer: earlier, replayed: true };
}

/**
 * What makes two requests "the same" for idempotency: who, to whom, how much, how, and (PPI)
 * the product: a key of a DMT transfer sent again as a PPI one is a key reused. DMT's hash is
 * the one it always was.
 */
function requestHash(form: TransferForm, product: TransferProduct): string {
  const same = [form.remitterMobile, form.beneficiaryId, form.amount, form.mode];
  return createHash('sha256')
    .update(JSON.stringify(product === 'dmt' ? same : [...same, product]))
    .digest('hex');
}
