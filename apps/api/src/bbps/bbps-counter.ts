import { Inject, Injectable } from '@nestjs/common';
import {
  BBPS_REF_LENGTH,
  type BbpsAgentDevice,
  type BbpsBiller,
  BbpsCatalogueMessages,
  BbpsMessages,
  type BbpsParams,
  blank,
  ccfOf,
  checkAmountAgainstBill,
  checkBbpsPaymentForm,
  checkBillerParams,
  checkGeocode,
  checkPostalCode,
  CREDIT_CARD_CATEGORY,
  indiaDay,
  isDistributor,
  isUuid,
  networkScope,
  parseRupees,
} from '@khata/domain';
import { LedgerError } from '@khata/ledger';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { CommissionsRepository } from '../commissions/commissions.repository.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PinVerifier } from '../credentials/pin-verifier.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { EventBus } from '@nestjs/cqrs';
import { Ledger } from '@khata/ledger';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import { type BbpsBillerRow, BbpsCatalogueRepository } from './bbps-catalogue.repository.js';
import { BbpsLedger } from './bbps-ledger.js';
import type { BbpsBillFetch, BbpsPayment, BbpsPaymentRow } from './bbps-payment.js';
import { BbpsPaymentsRepository, isLiveBillConflict } from './bbps-payments.repository.js';
import { BbpsProcessor } from './bbps-processor.js';
import { BbpsProvider, type BbpsFetchAnswer } from './bbps-provider.js';
import { BillPaymentMessages } from './bill-payment-messages.js';

const BBPS_SERVICE = 'bbps';
const BILLERS_MAX = 500;
const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export interface BbpsQuote {
  amount: number;
  ccf: number;
  total: number;
  /** What the shop earns on it (gross, before TDS). */
  commission: number;
}

/**
 * Bill payments at the counter (issue 27): the catalogue as synced, a bill fetched (kept, so
 * the payment is checked against what the shop saw), the fee quoted by the rule that charges
 * it, and the payment: checked, the PIN verified, then ONE database transaction (the key
 * locked, the bill's live payment looked for, the hold of amount + CCF, the row; the partial
 * unique index on the bill makes a burst pay it once), then sent once while the shop waits.
 */
@Injectable()
export class BbpsCounter {
  constructor(
    private readonly catalogue: BbpsCatalogueRepository,
    private readonly payments: BbpsPaymentsRepository,
    private readonly processor: BbpsProcessor,
    private readonly provider: BbpsProvider,
    private readonly bbpsLedger: BbpsLedger,
    private readonly ledger: Ledger,
    private readonly commissions: CommissionsRepository,
    private readonly pins: PinVerifier,
    private readonly events: EventBus,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The catalogue is read by whoever reads payments too: the report's filters list it. */
  categories(user: AuthUser) {
    assertMayRead(user);
    return this.catalogue.categories();
  }

  billers(user: AuthUser, filter: { category?: unknown; q?: unknown }): Promise<BbpsBillerRow[]> {
    assertMayRead(user);
    const category = blank(filter.category) ? null : String(filter.category);
    const search = blank(filter.q) ? null : String(filter.q).trim().slice(0, 60);
    return this.catalogue.billers({ categoryCode: category, search, limit: BILLERS_MAX });
  }

  async biller(user: AuthUser, id: string): Promise<BbpsBillerRow> {
    assertMayServe(user);
    const biller = await this.catalogue.biller(id);
    if (!biller) throw new AppError(ErrorKind.NotFound, BbpsCatalogueMessages.billerNotFound);
    return biller;
  }

  /** Asks the biller for the customer's bill and keeps what it said. */
  async fetch(
    user: AuthUser,
    body: {
      billerId?: unknown;
      params?: unknown;
      customerMobile?: unknown;
      geocode?: unknown;
      postalCode?: unknown;
    },
    context: RequestContext,
  ): Promise<BbpsBillFetch> {
    assertMayServe(user);
    const biller = await this.payableBiller(body.billerId);
    if (!biller.fetch)
      throw new AppError(ErrorKind.Refused, BbpsCatalogueMessages.fetchNotSupported);
    const params = checked(checkBillerParams(biller, body.params));
    const customerMobile = checked(
      checkBbpsPaymentForm(
        { amount: '1', customerMobile: body.customerMobile },
        this.config.bbps.limits,
      ),
    ).customerMobile;
    const agent = agentDevice(user, body, context);
    let answer: BbpsFetchAnswer;
    try {
      answer = await this.provider.fetchBill({
        billerId: biller.id,
        params,
        customerMobile,
        agent,
      });
    } catch {
      throw new AppError(ErrorKind.Unavailable, BbpsMessages.providerDown);
    }
    switch (answer.status) {
      case 'no-bill':
        throw new AppError(ErrorKind.Refused, answer.reason || BbpsMessages.noBillDue);
      case 'invalid':
        throw new AppError(ErrorKind.Refused, answer.reason);
      case 'unavailable':
        throw new AppError(ErrorKind.Unavailable, answer.reason);
    }
    const { bill } = answer;
    const fetch: BbpsBillFetch = {
      id: randomUUID(),
      userId: user.userId,
      billerId: biller.id,
      params,
      customerMobile,
      fetchRef: answer.fetchRef,
      customerName: bill.customerName,
      billNumber: bill.billNumber,
      billDate: bill.billDate,
      dueDate: bill.dueDate,
      billPeriod: bill.billPeriod,
      amount: bill.amount,
      earlyAmount: bill.earlyAmount?.amount ?? null,
      earlyUntil: bill.earlyAmount?.until ?? null,
      lateAmount: bill.lateAmount,
      fetchedAt: this.clock.now(),
    };
    await this.payments.insertFetch(fetch);
    return fetch;
  }

  /** The CCF and total of an amount, and the shop's commission: the rules that charge them. */
  async quote(user: AuthUser, query: { billerId?: unknown; amount?: unknown }): Promise<BbpsQuote> {
    assertMayServe(user);
    const biller = await this.payableBiller(query.billerId);
    const amount = parseRupees(query.amount);
    if (!amount.ok || amount.value <= 0)
      throw new AppError(ErrorKind.Invalid, BbpsMessages.amountInvalid);
    const ccf = ccfOf(biller.ccf, amount.value);
    const commission = await this.commissions.quote(
      user,
      'bbps',
      amount.value,
      undefined,
      biller.categoryCode,
    );
    return {
      amount: rupees(amount.value),
      ccf: rupees(ccf),
      total: rupees(amount.value + ccf),
      commission: rupees(commissionOfShop(commission)),
    };
  }

  /**
   * One bill paid, sent while the shop waits. Answers the payment as it stands after the send:
   * processed or failed when BBPS answered, processing when it did not (yet).
   */
  async pay(
    user: AuthUser,
    body: Record<string, unknown>,
    idempotencyKey: string,
    context: RequestContext,
  ): Promise<{ payment: BbpsPayment; replayed: boolean }> {
    assertMayServe(user);
    const { limits } = this.config.bbps;
    const biller = await this.payableBiller(body['billerId']);
    const params = checked(checkBillerParams(biller, body['params']));
    const max =
      biller.categoryCode === CREDIT_CARD_CATEGORY
        ? limits.creditCardPerPayment
        : limits.perPayment;
    const form = checked(checkBbpsPaymentForm(body, limits, max));
    const fetch = await this.fetchPaid(user, biller, params, body['fetchId'], form.amount);
    const agent = agentDevice(user, body, context);
    const requestHash = hashOf([
      'bbps',
      biller.id,
      params,
      form.amount,
      form.customerMobile,
      fetch?.id ?? null,
    ]);
    const earlier = await this.payments.findByKey(user.userId, idempotencyKey);
    if (earlier) return replay(earlier, requestHash);
    await this.pins.verify({ userId: user.userId }, body['pin'], context);

    const now = this.clock.now();
    const billKey = fetch
      ? hashOf([biller.id, params, 'bill', fetch.billNumber])
      : hashOf([biller.id, params, 'adhoc', form.amount, indiaDay(now)]);
    const quote = await this.commissions.quote(
      user,
      'bbps',
      form.amount,
      undefined,
      biller.categoryCode,
    );
    const payment: BbpsPayment = {
      id: randomUUID(),
      userId: user.userId,
      billerId: biller.id,
      categoryCode: biller.categoryCode,
      params,
      customerMobile: form.customerMobile,
      fetchId: fetch?.id ?? null,
      fetchRef: fetch?.fetchRef ?? null,
      customerName: fetch?.customerName ?? null,
      billNumber: fetch?.billNumber ?? null,
      billDate: fetch?.billDate ?? null,
      dueDate: fetch?.dueDate ?? null,
      billPeriod: fetch?.billPeriod ?? null,
      billKey,
      amount: form.amount,
      ccf: ccfOf(biller.ccf, form.amount),
      refId: newRefId(),
      agent,
      accountId: '',
      holdId: randomUUID(),
      status: 'queued',
      bbpsReference: null,
      approvalRef: null,
      message: null,
      commission: quote ? { total: commissionTotal(quote), quote: quote.commission } : null,
      commissionSplit: null,
      idempotencyKey,
      requestHash,
      sendStartedAt: null,
      sends: 0,
      processingRecorded: false,
      statusChecks: 0,
      lastCheckedAt: null,
      nextCheckAt: new Date(now.getTime() + this.config.bbps.staleAfterMs),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    let written;
    try {
      written = await this.uow.run(async (tx) => {
        // Twins under one key wait here; the second finds the first's row and replays it.
        const twin = await this.payments.lockKey(tx, user.userId, idempotencyKey);
        if (twin) return { twin };
        // Payments of one bill queue here, before the ledger: the first pays it, the rest find
        // it live and are told it is paid (the unique index is the net under this).
        const live = await this.payments.lockBill(tx, billKey);
        if (live)
          throw new AppError(ErrorKind.Conflict, BbpsMessages.alreadyPaid(live.bbpsReference));
        payment.accountId = await this.ledger.within(tx).userAccount(user.userId, 'wallet');
        const appended = await this.bbpsLedger.requested(
          tx,
          payment,
          { billerName: biller.name, categoryName: biller.categoryName },
          user.userId,
          {
            sessionId: user.sessionId,
            ip: context.ip,
            latitude: context.latitude,
            longitude: context.longitude,
            requestId: context.requestId,
            idempotencyKey,
          },
        );
        await this.payments.insert(tx, payment);
        return { twin: undefined, appended };
      });
    } catch (error) {
      if (isLiveBillConflict(error)) {
        const paid = await this.payments.livePaymentOf(billKey);
        throw new AppError(
          ErrorKind.Conflict,
          BbpsMessages.alreadyPaid(paid?.bbpsReference ?? null),
        );
      }
      if (error instanceof LedgerError && error.kind === 'insufficient-funds') {
        throw new AppError(ErrorKind.Refused, BbpsMessages.insufficientFunds);
      }
      throw error;
    }
    if (written.twin) return replay(written.twin, requestHash);
    const announcement = appendedAnnouncement(
      written.appended!,
      new Map([[user.userId, user.kind]]),
    );
    if (announcement) this.events.publish(announcement);
    await this.processor.advance(payment.id, {
      by: 'counter',
      userId: user.userId,
      requestId: context.requestId ?? null,
    });
    return { payment: (await this.payments.find(payment.id)) ?? payment, replayed: false };
  }

  /** One payment in the viewer's scope; 404 outside it, as if it did not exist. */
  async get(viewer: AuthUser, id: string): Promise<BbpsPaymentRow> {
    assertMayRead(viewer);
    if (!isUuid(id)) throw new AppError(ErrorKind.Invalid, BbpsMessages.paymentIdInvalid);
    const payment = await this.payments.findRow(id);
    if (!payment || !(await this.payments.shopInScope(networkScope(viewer), payment.userId))) {
      throw new AppError(ErrorKind.NotFound, BbpsMessages.paymentNotFound);
    }
    return payment;
  }

  /** An admin asks BBPS now (status enquiry; never a second payment). */
  async check(admin: AuthUser, id: string): Promise<BbpsPaymentRow> {
    if (!isUuid(id)) throw new AppError(ErrorKind.Invalid, BbpsMessages.paymentIdInvalid);
    if (!(await this.payments.find(id))) {
      throw new AppError(ErrorKind.NotFound, BbpsMessages.paymentNotFound);
    }
    await this.processor.advance(id, { by: 'admin', adminId: admin.userId, requestId: null });
    return (await this.payments.findRow(id))!;
  }

  /** The biller named, active and in the catalogue. */
  private async payableBiller(id: unknown): Promise<BbpsBillerRow> {
    if (typeof id !== 'string' || !id.trim()) {
      throw new AppError(ErrorKind.Invalid, BbpsCatalogueMessages.billerRequired);
    }
    const biller = await this.catalogue.biller(id.trim());
    if (!biller) throw new AppError(ErrorKind.NotFound, BbpsCatalogueMessages.billerNotFound);
    if (!biller.active) throw new AppError(ErrorKind.Refused, BbpsCatalogueMessages.billerInactive);
    return biller;
  }

  /**
   * The fetched bill a payment pays, checked: the shop's own, for this biller and customer,
   * fresh, and the amount allowed by the biller's exactness. Absent for an ad hoc biller.
   */
  private async fetchPaid(
    user: AuthUser,
    biller: BbpsBiller,
    params: BbpsParams,
    fetchId: unknown,
    amount: number,
  ): Promise<BbpsBillFetch | undefined> {
    if (blank(fetchId)) {
      if (!biller.adhoc) throw new AppError(ErrorKind.Refused, BbpsCatalogueMessages.fetchRequired);
      return undefined;
    }
    if (!isUuid(fetchId)) throw new AppError(ErrorKind.Invalid, BbpsMessages.fetchNotFound);
    const fetch = await this.payments.findFetch(fetchId, user.userId);
    if (!fetch) throw new AppError(ErrorKind.NotFound, BbpsMessages.fetchNotFound);
    if (fetch.billerId !== biller.id || hashOf(fetch.params) !== hashOf(params)) {
      throw new AppError(ErrorKind.Refused, BbpsMessages.fetchMismatch);
    }
    if (this.clock.now().getTime() - fetch.fetchedAt.getTime() > this.config.bbps.fetchValidMs) {
      throw new AppError(ErrorKind.Refused, BbpsMessages.fetchExpired);
    }
    // An early or late amount the bill gives is as exact as its amount.
    const allowed = [fetch.amount, fetch.earlyAmount, fetch.lateAmount].filter(
      (one): one is number => one !== null,
    );
    if (biller.exactness === 'EXACT' && allowed.includes(amount)) return fetch;
    const judged = checkAmountAgainstBill(biller.exactness, fetch.amount, amount);
    if (!judged.ok) throw new AppError(ErrorKind.Refused, judged.message);
    return fetch;
  }
}

function checked<T>(check: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!check.ok) throw new AppError(ErrorKind.Invalid, check.message);
  return check.value;
}

function rupees(paise: number): number {
  return paise / 100;
}

/** The scheme's slab fee is the whole commission the company pays (an earning scheme). */
function commissionTotal(quote: { fee: number }): number {
  return quote.fee;
}

/** What the shop keeps of it before TDS: the total less its uplines' shares. */
function commissionOfShop(
  quote: { fee: number; commission: { shares: { gross: number }[] } } | undefined,
): number {
  if (!quote) return 0;
  const shares = quote.commission.shares.reduce((sum, share) => sum + share.gross, 0);
  return Math.max(quote.fee - shares, 0);
}

/**
 * The agent's device tags BBPS requires: the shop's terminal (its id's first 16 characters,
 * stable), its mobile, the geocode (the form's, else the request's location headers) and the
 * postal code the form gives.
 */
function agentDevice(
  user: AuthUser,
  body: { geocode?: unknown; postalCode?: unknown },
  context: RequestContext,
): BbpsAgentDevice {
  const given = blank(body.geocode)
    ? context.latitude && context.longitude
      ? `${context.latitude},${context.longitude}`
      : undefined
    : body.geocode;
  if (given === undefined) throw new AppError(ErrorKind.Invalid, BbpsMessages.geocodeRequired);
  const geocode = checked(checkGeocode(given));
  const postalCode = checked(checkPostalCode(body.postalCode));
  return {
    terminalId: `KH${user.userId.replace(/-/g, '').slice(0, 14).toUpperCase()}`,
    mobile: user.mobile,
    geocode,
    postalCode,
  };
}

/** BBPS `refId`: 35 characters from A–Z and 0–9, unique per transaction (a unique column). */
function newRefId(): string {
  const bytes = randomBytes(BBPS_REF_LENGTH);
  let ref = '';
  for (const byte of bytes) ref += REF_ALPHABET[byte % REF_ALPHABET.length];
  return ref;
}

/** A stable digest of a value whose objects' keys are sorted. */
function hashOf(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sorted(value)))
    .digest('hex');
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, one]) => [key, sorted(one)]),
    );
  }
  return value;
}

function replay(earlier: BbpsPayment, hash: string): { payment: BbpsPayment; replayed: true } {
  if (earlier.requestHash !== hash) throw new AppError(ErrorKind.Conflict, BbpsMessages.keyReused);
  return { payment: earlier, replayed: true };
}

/** Who pays bills (and raises BBPS complaints): whoever holds the `bbps` service (a retailer by default). */
export function assertMayServe(user: AuthUser): void {
  if (user.services.includes(BBPS_SERVICE)) return;
  if (user.kind === 'admin') {
    throw new AppError(ErrorKind.Forbidden, BillPaymentMessages.adminsRead);
  }
  throw serviceRefusal(
    user,
    (held) => held.services.includes(BBPS_SERVICE),
    'Bill payments are not enabled for your account. Ask your distributor or Khata support.',
  );
}

/** Who reads payments: the shop (its own), the distributor tiers (their network), admins. */
export function assertMayRead(user: AuthUser): void {
  if (user.kind === 'admin' || isDistributor(user.kind)) return;
  assertMayServe(user);
}
