import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  canUseMenuItem,
  checkPayoutDetails,
  checkPayoutForm,
  decidePayoutRequest,
  DEFAULT_PAYMENT_MODE,
  ErrorCode,
  mayPayOut,
  PAYOUT_KINDS,
  type PayoutDetails,
  type PayoutKind,
  type PayoutRequestRefusal,
  streamPrefixOf,
} from '@khata/domain';
import { createHash } from 'node:crypto';
import type { AuthUser } from '../../auth/auth-user.js';
import { serviceRefusal } from '../../auth/service-refusal.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Clock } from '../../common/clock.js';
import { DataAtRest } from '../../common/crypto/data-at-rest.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type Tx, UnitOfWork } from '../../database/unit-of-work.js';
import { type OpenedPayout, PayoutOpener } from '../payout-opener.js';
import { PayoutMessages } from '../payout-messages.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutRequestReads } from '../payout-request-reads.js';
import type { Payout } from '../payout.js';
import {
  RequestPayoutCommand,
  type PayoutBody,
  type PayoutRequested,
} from './request-payout.command.js';
import { SessionMessages } from '../../auth/session-messages.js';

/**
 * A payout request: the form checked (libs/domain), then in one transaction under the user's
 * lock the facts loaded (PayoutRequestReads), decided (libs/domain `decidePayoutRequest`), and
 * the payout opened (PayoutOpener); after commit its hold is announced and it goes to the queue.
 */
@CommandHandler(RequestPayoutCommand)
export class RequestPayoutHandler implements ICommandHandler<RequestPayoutCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly reads: PayoutRequestReads,
    private readonly opener: PayoutOpener,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    private readonly atRest: DataAtRest,
  ) {}

  async execute(command: RequestPayoutCommand): Promise<PayoutRequested> {
    const { actor } = command;
    // The spec's order: the details, mode, amount (cap, rail), account, IFSC, then the PIN.
    const cap = command.unlimited ? 'unlimited' : 'normal';
    const input = formOf(command.body, command.pin);
    // A partner's signed call has no PIN: the key and its signature authorised it.
    const form = command.apiKeyId ? checkPayoutDetails(input, cap) : checkPayoutForm(input, cap);
    if (!form.ok) throw new AppError(ErrorKind.Invalid, form.message);
    if (command.unlimited && !PAYOUT_KINDS[command.kind].mayBeUnlimited) {
      throw new AppError(ErrorKind.Invalid, PayoutMessages.unlimitedBankOnly);
    }
    // Bank payouts and AEPS settlement also wait for an approved KYC (effectiveServices holds
    // them back until then, and the refusal says so); nothing is held yet.
    assertMayPay(actor, command);
    if ('pin' in form.value) {
      await this.pins.verify({ userId: actor.userId }, form.value.pin, command.context);
    }
    // Keyed (issue 31): a plain hash of the request beside its amount and IFSC would give the
    // account number away to whoever tries the few numbers it can be.
    const hash = this.atRest.requestHash(requestHash(command, form.value));

    // One transaction, one commit: the fee's look-ups (scheme, uplines, the user's own rates)
    // read in it too rather than each as a commit of its own before it.
    const done = await this.uow.run((tx) => this.loadDecideOpen(tx, command, form.value, hash));
    if ('opened' in done) {
      this.opener.started(done.opened, actor.kind);
      return { record: payoutRecord(done.opened.payout, null), replayed: false };
    }
    const balanceAfter = await this.reads.balanceAfter(done.replay);
    return { record: payoutRecord(done.replay, balanceAfter), replayed: true };
  }

  private async loadDecideOpen(
    tx: Tx,
    command: RequestPayoutCommand,
    form: PayoutDetails,
    requestHash: string,
  ): Promise<{ opened: OpenedPayout } | { replay: Payout }> {
    const { actor, kind } = command;
    const earlier = await this.reads.earlier(tx, actor.userId, command.idempotencyKey);
    // The fee comes before the payee, as its refusal (rates not set up) always has.
    const fee = earlier ? undefined : await this.reads.fee(tx, actor, kind, form.amount);
    const payee = fee
      ? await this.reads.payee(tx, actor.userId, kind, form, { named: !!command.apiKeyId })
      : undefined;
    const now = this.clock.now();
    const unconfirmedTwin =
      payee !== undefined &&
      !command.body.confirmDuplicate &&
      (await this.reads.hasTwin(tx, actor.userId, form, now));
    const decision = decidePayoutRequest({
      requestHash,
      earlier,
      payeeFound: payee !== undefined,
      unconfirmedTwin,
    });
    if (decision.do === 'refuse') throw refusal(decision.because, command);
    if (earlier) return { replay: earlier };
    if (!fee || !payee) throw new Error('A payout was to open with no fee or no payee.');
    const opened = await this.opener.open(tx, {
      kind,
      userId: actor.userId,
      remitterMobile: actor.mobile,
      unlimited: command.unlimited,
      form,
      payee,
      fee,
      idempotencyKey: command.idempotencyKey,
      requestHash,
      actorId: actor.userId,
      metadata: {
        sessionId: command.apiKeyId ? null : actor.sessionId,
        ...(command.apiKeyId && { apiKeyId: command.apiKeyId }),
        ip: command.context.ip,
        latitude: command.context.latitude,
        longitude: command.context.longitude,
        requestId: command.context.requestId,
        idempotencyKey: command.idempotencyKey,
      },
      now,
    });
    return { opened };
  }
}

function refusal(because: PayoutRequestRefusal, command: RequestPayoutCommand): AppError {
  switch (because) {
    case 'key-reused':
      return new AppError(ErrorKind.Conflict, PayoutMessages.keyReused);
    case 'no-payee':
      return new AppError(ErrorKind.NotFound, PayoutMessages.payeeNotFound[command.kind]);
    case 'duplicate':
      return AppError.coded(ErrorCode.DuplicatePayment);
  }
}

/**
 * Bank payouts need the `payout` service (admins run the portal and need none); AEPS
 * settlement follows the AEPS Settlement item of the sidebar (spec §6).
 */
const MAY_PAY: Record<PayoutKind, { allowed: (user: AuthUser) => boolean; message: string }> = {
  payout: {
    allowed: (user) => mayPayOut(user.kind, user.services),
    message: PayoutMessages.noPayoutService,
  },
  aepsSettlement: {
    allowed: (user) =>
      canUseMenuItem(user.kind, PAYOUT_KINDS.aepsSettlement.service, user.services),
    message: SessionMessages.notAllowed,
  },
};

function assertMayPay(actor: AuthUser, command: RequestPayoutCommand): void {
  const { allowed, message } = MAY_PAY[command.kind];
  if (!allowed(actor)) throw serviceRefusal(actor, allowed, message);
}

/** The payout form of libs/domain from the HTTP body and the `pin` header; IMPS by default. */
function formOf(body: PayoutBody, pin: unknown) {
  const mode = body.paymentMode;
  return {
    paymentMode: mode === undefined || mode === null || mode === '' ? DEFAULT_PAYMENT_MODE : mode,
    amount: body.amount,
    name: body.beneficiaryName,
    accountNumber: body.beneficiaryAccountNumber,
    ifscCode: body.beneficiaryIfscCode,
    pin,
  };
}

/**
 * What makes two requests "the same" for idempotency: what would be paid, where, how. A
 * partner's call names the payee itself, so its name counts too (a saved beneficiary's name
 * comes from the beneficiary, not the request). The kind is hashed in its stored spelling, as
 * the hashes already kept were.
 */
function requestHash(command: RequestPayoutCommand, form: PayoutDetails): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        streamPrefixOf(command.kind),
        command.unlimited,
        form.paymentMode,
        form.amount,
        form.accountNumber,
        form.ifscCode,
        ...(command.apiKeyId ? [form.name] : []),
      ]),
    )
    .digest('hex');
}
