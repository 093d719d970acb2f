import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  bankOfIfsc,
  canUseMenuItem,
  checkPayoutDetails,
  checkPayoutForm,
  DEFAULT_PAYMENT_MODE,
  DUPLICATE_PAYMENT_WINDOW_MS,
  mayPayOut,
  ErrorCode,
  type Paise,
  type PayoutDetails,
} from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../../auth/auth-user.js';
import { serviceRefusal } from '../../auth/service-refusal.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { BeneficiariesRepository } from '../../beneficiaries/beneficiaries.repository.js';
import { Clock } from '../../common/clock.js';
import { DataAtRest } from '../../common/crypto/data-at-rest.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { type Tx, UnitOfWork } from '../../database/unit-of-work.js';
import { appendedAnnouncement } from '../../transactions/appended-announcement.js';
import type { AppendedProjected } from '../../transactions/projected-appends.repository.js';
import { OutboxRelay } from '../outbox-relay.js';
import type { Payout } from '../payout.js';
import { PaymentFees, type PaymentFee } from '../payment-fees.js';
import { PayoutLedger } from '../payout-ledger.js';
import { PayoutMessages } from '../payout-messages.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository } from '../payouts.repository.js';
import {
  RequestPayoutCommand,
  type PayoutBody,
  type PayoutRequested,
} from './request-payout.command.js';

@CommandHandler(RequestPayoutCommand)
export class RequestPayoutHandler implements ICommandHandler<RequestPayoutCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly payouts: PayoutsRepository,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly payoutLedger: PayoutLedger,
    private readonly ledger: Ledger,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly uow: UnitOfWork,
    private readonly fees: PaymentFees,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    if (command.unlimited && command.kind !== 'payout') {
      throw new AppError(ErrorKind.Invalid, PayoutMessages.unlimitedBankOnly);
    }
    // Bank payouts and AEPS settlement also wait for an approved KYC (effectiveServices holds
    // them back until then, and the refusal says so); nothing is held yet.
    this.assertMayPay(actor, command);
    if ('pin' in form.value) {
      await this.pins.verify({ userId: actor.userId }, form.value.pin, command.context);
    }
    // Keyed (issue 31): a plain hash of the request beside its amount and IFSC would give the
    // account number away to whoever tries the few numbers it can be.
    const hash = this.atRest.requestHash(requestHash(command, form.value));

    // One transaction, one commit: the fee's look-ups (scheme, uplines, the user's own rates)
    // read in it too rather than each as a commit of its own before it.
    const done = await this.uow.run(async (tx) => {
      await this.payouts.lockUser(tx, actor.userId);
      const earlier = await this.payouts.findByKey(tx, actor.userId, command.idempotencyKey);
      if (earlier) {
        if (earlier.requestHash !== hash)
          throw new AppError(ErrorKind.Conflict, PayoutMessages.keyReused);
        return { payout: earlier, appended: undefined };
      }
      const fee = await this.fees.feeFor(actor, command.kind, form.value.amount, tx);
      return this.open(tx, command, form.value, fee, hash);
    });

    if (done.appended) {
      // Committed: the hold's record and the wallet's balance as the append projected them.
      const announcement = appendedAnnouncement(
        done.appended,
        new Map([[actor.userId, actor.kind]]),
      );
      if (announcement) this.events.publish(announcement);
      this.relay.kick(done.payout.id);
      return { record: payoutRecord(done.payout, null), replayed: false };
    }
    const balanceAfter = await this.balanceAfter(done.payout);
    return { record: payoutRecord(done.payout, balanceAfter), replayed: true };
  }

  /** Writes the payout, its hold and its outbox row, all in the caller's transaction. */
  private async open(
    tx: Tx,
    command: RequestPayoutCommand,
    form: PayoutDetails,
    { fee, commission }: PaymentFee,
    hash: string,
  ): Promise<{ payout: Payout; appended: AppendedProjected }> {
    const { actor, kind } = command;
    const beneficiary = command.apiKeyId
      ? payeeOf(form)
      : await this.beneficiaries.findPayable(
          tx,
          actor.userId,
          kind === 'payout' ? 'bank' : 'aeps',
          form.accountNumber,
          form.ifscCode,
        );
    if (!beneficiary) {
      throw new AppError(
        ErrorKind.NotFound,
        kind === 'payout' ? PayoutMessages.beneficiaryNotFound : PayoutMessages.aepsAccountNotFound,
      );
    }
    const now = this.clock.now();
    if (!command.body.confirmDuplicate) {
      const twin = await this.payouts.findRecentTwin(tx, {
        userId: actor.userId,
        accountNumber: form.accountNumber,
        ifsc: form.ifscCode,
        amount: form.amount,
        since: new Date(now.getTime() - DUPLICATE_PAYMENT_WINDOW_MS),
      });
      if (twin) {
        throw AppError.coded(ErrorCode.DuplicatePayment);
      }
    }
    const accountId = await this.ledger
      .within(tx)
      .userAccount(actor.userId, kind === 'payout' ? 'wallet' : 'aeps');
    const payout: Payout = {
      id: randomUUID(),
      kind,
      userId: actor.userId,
      unlimited: command.unlimited,
      accountId,
      holdId: randomUUID(),
      beneficiaryId: beneficiary.id,
      beneficiaryName: beneficiary.name,
      accountNumber: beneficiary.accountNumber,
      ifsc: beneficiary.ifsc,
      bankName: beneficiary.bankName,
      paymentMode: form.paymentMode,
      amount: form.amount,
      fee,
      commission,
      commissionSplit: null,
      status: 'queued',
      idempotencyKey: command.idempotencyKey,
      requestHash: hash,
      remitterMobile: actor.mobile,
      orderSeq: '0',
      utr: null,
      message: null,
      sendStartedAt: null,
      sends: 0,
      processingRecorded: false,
      statusChecks: 0,
      lastCheckedAt: null,
      nextCheckAt: new Date(now.getTime() + this.config.payouts.staleAfterMs),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    const appended = await this.payoutLedger.requested(tx, payout, actor.userId, {
      sessionId: command.apiKeyId ? null : actor.sessionId,
      ...(command.apiKeyId && { apiKeyId: command.apiKeyId }),
      ip: command.context.ip,
      latitude: command.context.latitude,
      longitude: command.context.longitude,
      requestId: command.context.requestId,
      idempotencyKey: command.idempotencyKey,
    });
    payout.orderSeq = appended.seq;
    await this.payouts.insert(tx, payout);
    return { payout, appended };
  }

  /**
   * Bank payouts need the `payout` service (admins run the portal and need none); AEPS
   * settlement follows the AEPS Settlement item of the sidebar (spec §6).
   */
  private assertMayPay(actor: AuthUser, command: RequestPayoutCommand): void {
    const [allowed, message] =
      command.kind === 'aeps-settlement'
        ? [
            (user: AuthUser) => canUseMenuItem(user.kind, 'aepsSettlement', user.services),
            'You are not allowed to do this.',
          ]
        : [(user: AuthUser) => mayPayOut(user.kind, user.services), PayoutMessages.noPayoutService];
    if (!allowed(actor)) throw serviceRefusal(actor, allowed, message);
  }

  private async balanceAfter(payout: Payout): Promise<Paise | null> {
    return this.payouts.balanceAfter(payout);
  }
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
 * A partner's payee as its signed call names it (no saved beneficiary: docs/decisions.md,
 * "Issue 12: partners"); the bank is the IFSC's, where the list knows it.
 */
function payeeOf(form: PayoutDetails) {
  return {
    id: null,
    name: form.name,
    accountNumber: form.accountNumber,
    ifsc: form.ifscCode,
    bankName: bankOfIfsc(form.ifscCode)?.name ?? null,
  };
}

/**
 * What makes two requests "the same" for idempotency: what would be paid, where, how. A
 * partner's call names the payee itself, so its name counts too (a saved beneficiary's name
 * comes from the beneficiary, not the request).
 */
function requestHash(command: RequestPayoutCommand, form: PayoutDetails): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        command.kind,
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
