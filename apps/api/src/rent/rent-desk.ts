import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  blank,
  checkMobile,
  checkRentDraft,
  commissionSplit,
  type CommissionShare,
  indiaDay,
  isDistributor,
  isRentState,
  isUuid,
  networkScope,
  nextRentStatus,
  type Paise,
  parseRupees,
  PROPERTY_KINDS,
  type PropertyKind,
  RENT_STATUSES,
  RENT_TERM_DEFAULT,
  RENT_TERM_MAX,
  RentMessages,
  type RentPrice,
  rentPrice,
  type RentStatus,
  rentWarnings,
  registrationRequired,
  samplePrices,
  STAMP_DUTY_TABLE,
  rentStateName,
  RENT_STATES,
  wholeNumberIn,
} from '@khata/domain';
import { Ledger, LedgerError, ledgerErrorOf } from '@khata/ledger';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { OtpRules } from '../beneficiaries/otp/otp-codes.js';
import { SmsUnavailableError } from '../beneficiaries/otp/sms-sender.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { type LimitRule, RateLimiter } from '../common/rate-limiter.js';
import type { RequestContext } from '../common/http/request-context.js';
import { CommissionsRepository } from '../commissions/commissions.repository.js';
import { PinVerifier } from '../credentials/pin-verifier.js';
import { Db, UnitOfWork } from '../database/unit-of-work.js';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import type {
  RentAgreement,
  RentAgreementRow,
  RentPartyRow,
  RentTimelineEntry,
} from './rent-agreement.js';
import { RentAgreementsRepository } from './rent-agreements.repository.js';
import { RentLedger } from './rent-ledger.js';
import { rentPdf } from './rent-pdf.js';
import { EStampProvider, ESignProvider } from './rent-providers.js';
import { RentDeskMessages } from './rent-desk-messages.js';

const RENT_SERVICE = 'rent';
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PAGE_SIZE_MAX = 100;
/** OTPs one party may be sent for one agreement. */
const OTP_SENDS_MAX = 5;

export interface RentQuote {
  price: RentPrice;
  /** What the shop earns (gross, before TDS): the scheme's fee less its uplines' shares. */
  commission: Paise;
  warnings: string[];
  registrationRequired: boolean;
}

export interface RentDetails {
  agreement: RentAgreementRow;
  parties: RentPartyRow[];
  timeline: RentTimelineEntry[];
  warnings: string[];
}

/**
 * Rent agreements at the counter (issue 28): a draft checked by libs/domain's rules, the price
 * quoted by the function that charges it, the payment (PIN, Idempotency-Key; the row locked,
 * so a burst of clicks pays once), the e-stamp bought, each party's Aadhaar eSign by OTP, the
 * signed PDF kept; cancel with refund before the stamp; lists and details in the caller's
 * network scope; the public price table and tracking by reference + mobile.
 */
/**
 * The public tracker's guard: an address that misses (an unknown reference, or a mobile that is
 * not a party's) 10 times in 15 minutes waits, so a reference cannot be paired with mobiles by
 * guessing. A look that finds the agreement gives its point back: a customer is never counted.
 */
export const RentTrackMissLimit = {
  name: 'rent-track-misses',
  points: 10,
  windowSeconds: 15 * 60,
  refusal: (seconds) => RentDeskMessages.tooManyTries(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

@Injectable()
export class RentDesk {
  constructor(
    private readonly agreements: RentAgreementsRepository,
    private readonly rentLedger: RentLedger,
    private readonly ledger: Ledger,
    private readonly commissions: CommissionsRepository,
    private readonly pins: PinVerifier,
    private readonly estamp: EStampProvider,
    private readonly esign: ESignProvider,
    private readonly events: EventBus,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  /** The live breakdown of the form: any of state, rent, deposit, term, increase, kind. */
  async quote(user: AuthUser, input: Record<string, unknown>): Promise<RentQuote> {
    assertMayServe(user);
    if (!isRentState(input.state)) throw new AppError(ErrorKind.Invalid, RentMessages.stateInvalid);
    const rent = parseRupees(input.rent);
    if (!rent.ok || rent.value <= 0)
      throw new AppError(ErrorKind.Invalid, RentMessages.rentInvalid);
    const deposit = blank(input.deposit)
      ? { ok: true as const, value: 0 }
      : parseRupees(input.deposit);
    if (!deposit.ok) throw new AppError(ErrorKind.Invalid, RentMessages.depositInvalid);
    const termMonths = wholeNumberIn(input.termMonths, RENT_TERM_MAX, RENT_TERM_DEFAULT);
    if (termMonths === null) throw new AppError(ErrorKind.Invalid, RentMessages.termInvalid);
    let yearlyIncreaseBp = 0;
    if (!blank(input.yearlyIncreasePercent)) {
      const parsed = parseRupees(input.yearlyIncreasePercent);
      if (!parsed.ok || parsed.value > 100_00) {
        throw new AppError(ErrorKind.Invalid, RentMessages.increaseInvalid);
      }
      yearlyIncreaseBp = parsed.value;
    }
    const propertyKind: PropertyKind = (PROPERTY_KINDS as readonly unknown[]).includes(
      input.propertyKind,
    )
      ? (input.propertyKind as PropertyKind)
      : 'residential';
    const terms = {
      state: input.state,
      rent: rent.value,
      deposit: deposit.value,
      termMonths,
      yearlyIncreaseBp,
      propertyKind,
    };
    const price = this.priceOn(terms);
    const commission = await this.commissions.quote(user, 'rent', price.serviceCharge);
    return {
      price,
      commission: commission ? shopGross(commission) : 0,
      warnings: rentWarnings(terms),
      registrationRequired: registrationRequired(terms),
    };
  }

  async create(user: AuthUser, body: unknown): Promise<RentDetails> {
    assertMayServe(user);
    const now = this.clock.now();
    const checked = checkRentDraft(body, indiaDay(now));
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    this.priceOn(checked.value);
    const id = randomUUID();
    await this.uow.run(async (tx) => {
      await this.agreements.insertDraft(
        tx,
        { id, reference: newReference(), userId: user.userId, at: now },
        checked.value,
      );
      await this.agreements.note(tx, id, { at: now, kind: 'drafted', actorId: user.userId });
    });
    return this.details(user, id);
  }

  /**
   * Pays an agreement once: stamp duty + service charge from the wallet with the commission
   * split, then the e-stamp bought and the agreement sent for signing. A repeat under the same
   * key answers the agreement as it stands (replayed); another key on a paid agreement is a 409.
   */
  async pay(
    user: AuthUser,
    id: string,
    body: { pin?: unknown },
    key: string,
    context: RequestContext,
  ): Promise<{ details: RentDetails; replayed: boolean }> {
    assertMayServe(user);
    const agreement = await this.own(user, id);
    if (agreement.payKey === key) return { details: await this.details(user, id), replayed: true };
    refuseUnless(nextRentStatus(agreement.status, { kind: 'pay' }));
    await this.pins.verify({ userId: user.userId }, body.pin, context);
    const price = this.priceOn(agreement);
    const quote = await this.commissions.quote(user, 'rent', price.serviceCharge);
    let appended;
    try {
      appended = await this.uow.run(async (tx) => {
        const locked = (await this.agreements.lock(tx, id))!;
        if (locked.payKey === key) return undefined;
        refuseUnless(nextRentStatus(locked.status, { kind: 'pay' }));
        const now = this.clock.now();
        const shares: Omit<CommissionShare, 'hasPan'>[] = quote
          ? [
              ...quote.commission.shares,
              { level: 'shop', userId: user.userId, gross: shopGross(quote) },
            ]
          : [];
        const split = commissionSplit(
          price.serviceCharge,
          await this.commissions.withPanFlags(
            tx,
            shares.filter((share) => share.gross > 0),
          ),
          await this.commissions.ratesInForce(tx),
        );
        const paid: RentAgreement = {
          ...locked,
          status: 'paid',
          stampDuty: price.stampDuty,
          serviceCharge: price.serviceCharge,
          stampRule: price.stampRule,
          commission: quote ? { total: quote.fee, quote: quote.commission } : null,
          commissionSplit: split,
          accountId: await this.ledger.within(tx).userAccount(user.userId, 'wallet'),
          payKey: key,
          paidAt: now,
        };
        const appendedPaid = await this.rentLedger.paid(tx, paid, split, user.userId, {
          sessionId: user.sessionId,
          ip: context.ip,
          requestId: context.requestId,
          idempotencyKey: key,
        });
        await this.agreements.move(tx, id, 'paid', now, {
          stamp_duty_paise: paid.stampDuty,
          service_charge_paise: paid.serviceCharge,
          stamp_rule: JSON.stringify(paid.stampRule),
          commission: paid.commission ? JSON.stringify(paid.commission) : null,
          commission_split: JSON.stringify(split),
          account_id: paid.accountId,
          pay_key: key,
        });
        await this.agreements.note(tx, id, {
          at: now,
          kind: 'paid',
          detail: `Stamp duty ${price.stampDuty} + service charge ${price.serviceCharge} paise`,
          actorId: user.userId,
        });
        return appendedPaid;
      });
    } catch (error) {
      const refused = error instanceof LedgerError ? error : ledgerErrorOf(error);
      if (refused?.kind === 'insufficient-funds') {
        throw new AppError(ErrorKind.Refused, RentMessages.insufficientFunds);
      }
      throw error;
    }
    if (!appended) return { details: await this.details(user, id), replayed: true };
    const announcement = appendedAnnouncement(appended, new Map([[user.userId, user.kind]]));
    if (announcement) this.events.publish(announcement);
    await this.stampAndSend(id, user.userId);
    return { details: await this.details(user, id), replayed: false };
  }

  /** Buys the e-stamp of a paid agreement (again, when the vendor failed) and sends it for signing. */
  async stamp(user: AuthUser, id: string): Promise<RentDetails> {
    assertMayServe(user);
    const agreement = await this.own(user, id);
    if (agreement.status !== 'paid')
      refuseUnless(nextRentStatus(agreement.status, { kind: 'stamp' }));
    await this.stampAndSend(id, user.userId);
    return this.details(user, id);
  }

  private async stampAndSend(id: string, actorId: string): Promise<void> {
    const agreement = (await this.agreements.find(id))!;
    if (agreement.status !== 'paid') return;
    const parties = await this.agreements.parties(id);
    let certificate;
    try {
      certificate = await this.estamp.buy({
        agreementId: id,
        reference: agreement.reference,
        state: agreement.state,
        amount: agreement.stampDuty!,
        firstParty: parties.find((party) => party.role === 'landlord')!.name,
        secondParty: parties.find((party) => party.role === 'tenant')!.name,
      });
    } catch {
      await this.agreements.note(this.db, id, {
        at: this.clock.now(),
        kind: 'stamp-failed',
        detail: 'The e-stamp vendor did not sell the stamp; try again.',
        actorId,
      });
      return;
    }
    await this.uow.run(async (tx) => {
      const locked = (await this.agreements.lock(tx, id))!;
      // A second stamp call for the same agreement waits here and finds it stamped.
      if (locked.status !== 'paid') return;
      const now = this.clock.now();
      await this.agreements.move(tx, id, 'stamped', certificate.issuedAt, {
        estamp_certificate: certificate.certificateNo,
      });
      await this.agreements.note(tx, id, {
        at: certificate.issuedAt,
        kind: 'stamped',
        detail: certificate.certificateNo,
        actorId,
      });
      await this.agreements.move(tx, id, 'signing', now);
      await this.agreements.note(tx, id, { at: now, kind: 'sent-for-signing', actorId });
    });
  }

  /** Cancels a draft (nothing to refund) or a paid agreement before its stamp (refunded). */
  async cancel(user: AuthUser, id: string, context: RequestContext): Promise<RentDetails> {
    assertMayServe(user);
    await this.own(user, id);
    const appended = await this.uow.run(async (tx) => {
      const locked = (await this.agreements.lock(tx, id))!;
      refuseUnless(nextRentStatus(locked.status, { kind: 'cancel' }));
      const now = this.clock.now();
      let refund;
      if (locked.status === 'paid') {
        refund = await this.rentLedger.refunded(tx, locked, user.userId, {
          sessionId: user.sessionId,
          ip: context.ip,
          requestId: context.requestId,
        });
      }
      await this.agreements.move(tx, id, 'cancelled', now, { refunded: Boolean(refund) });
      await this.agreements.note(tx, id, {
        at: now,
        kind: refund ? 'cancelled-refunded' : 'cancelled',
        actorId: user.userId,
      });
      return refund;
    });
    if (appended) {
      const announcement = appendedAnnouncement(appended, new Map([[user.userId, user.kind]]));
      if (announcement) this.events.publish(announcement);
    }
    return this.details(user, id);
  }

  /** Sends a party the e-sign OTP (sandbox Aadhaar eSign) for an agreement out for signing. */
  async sendOtp(user: AuthUser, id: string, partyId: string): Promise<{ expiresAt: Date }> {
    assertMayServe(user);
    await this.own(user, id);
    if (!isUuid(partyId)) throw new AppError(ErrorKind.NotFound, RentMessages.partyNotFound);
    return this.uow.run(async (tx) => {
      const locked = (await this.agreements.lock(tx, id))!;
      if (locked.status !== 'signing')
        throw new AppError(ErrorKind.Conflict, RentMessages.notSigning);
      const party = await this.agreements.lockParty(tx, id, partyId);
      if (!party) throw new AppError(ErrorKind.NotFound, RentMessages.partyNotFound);
      if (party.signedAt) throw new AppError(ErrorKind.Conflict, RentMessages.partySigned);
      if (party.otpSends >= OTP_SENDS_MAX) {
        throw new AppError(ErrorKind.TooManyTries, RentMessages.otpTooMany);
      }
      const pdf = await this.pdfOf(locked, false);
      let sent;
      try {
        sent = await this.esign.sendOtp({
          partyId,
          mobile: party.mobile,
          reference: locked.reference,
          documentHash: createHash('sha256').update(pdf).digest('hex'),
        });
      } catch (error) {
        if (error instanceof SmsUnavailableError) {
          throw new AppError(ErrorKind.Unavailable, RentDeskMessages.otpUnavailable);
        }
        throw error;
      }
      await this.agreements.otpSent(tx, partyId, sent);
      await this.agreements.note(tx, id, {
        at: this.clock.now(),
        kind: 'otp-sent',
        detail: `${party.role} ${party.position + 1}`,
        actorId: user.userId,
      });
      return { expiresAt: sent.expiresAt };
    });
  }

  /**
   * A party signs with the OTP read out to the shop. A try is taken (committed) before the
   * comparison; 3 wrong tries void the code. The last signature makes the signed PDF, kept.
   */
  async sign(
    user: AuthUser,
    id: string,
    partyId: string,
    body: { otp?: unknown },
    context: RequestContext,
  ): Promise<RentDetails> {
    assertMayServe(user);
    await this.own(user, id);
    if (!isUuid(partyId)) throw new AppError(ErrorKind.NotFound, RentMessages.partyNotFound);
    const otp = typeof body.otp === 'string' ? body.otp.trim() : '';
    if (!/^\d{6}$/.test(otp)) throw new AppError(ErrorKind.Invalid, RentMessages.otpFormat);
    const now = this.clock.now();
    const open = await this.agreements.takeOtpTry(id, partyId, OtpRules.maxAttempts);
    if (!open) {
      const party = (await this.agreements.parties(id)).find((one) => one.id === partyId);
      if (!party) throw new AppError(ErrorKind.NotFound, RentMessages.partyNotFound);
      if (party.signedAt) throw new AppError(ErrorKind.Conflict, RentMessages.partySigned);
      if (!party.otpHash) throw new AppError(ErrorKind.Conflict, RentMessages.otpNotSent);
      throw new AppError(ErrorKind.TooManyTries, RentMessages.otpTooMany);
    }
    if (open.expiresAt && open.expiresAt.getTime() < now.getTime()) {
      throw new AppError(ErrorKind.Refused, RentMessages.otpExpired);
    }
    const verdict = this.esign.verify(
      { transactionId: open.transactionId!, otpHash: open.otpHash!, partyId },
      otp,
    );
    if (!verdict.ok) throw new AppError(ErrorKind.Refused, RentMessages.otpInvalid);
    await this.uow.run(async (tx) => {
      const locked = (await this.agreements.lock(tx, id))!;
      if (locked.status !== 'signing')
        throw new AppError(ErrorKind.Conflict, RentMessages.notSigning);
      const party = await this.agreements.lockParty(tx, id, partyId);
      if (!party || party.signedAt)
        throw new AppError(ErrorKind.Conflict, RentMessages.partySigned);
      const at = this.clock.now();
      await this.agreements.partySigned(tx, partyId, {
        at,
        reference: verdict.signatureRef,
        ip: context.ip,
      });
      await this.agreements.note(tx, id, {
        at,
        kind: 'signed-by',
        detail: `${party.role} ${party.position + 1}: ${party.name}`,
        actorId: user.userId,
      });
      const parties = await this.agreements.parties(id, tx);
      const remaining = parties.filter((one) => !one.signedAt).length;
      const next = refuseUnless(nextRentStatus('signing', { kind: 'partySigned', remaining }));
      if (next !== 'signed') return;
      await this.agreements.move(tx, id, 'signed', at);
      await this.agreements.note(tx, id, { at, kind: 'signed' });
      const signed = { ...locked, status: 'signed' as const, signedAt: at };
      const pdf = await rentPdf({ agreement: signed, parties, final: true, madeAt: at });
      await this.agreements.move(tx, id, 'completed', at, {
        signed_pdf: pdf,
        signed_pdf_sha256: createHash('sha256').update(pdf).digest('hex'),
      });
      await this.agreements.note(tx, id, { at, kind: 'completed' });
    });
    return this.details(user, id);
  }

  /** One agreement in the viewer's scope: 404 outside it, as if it did not exist. */
  async details(viewer: AuthUser, id: string): Promise<RentDetails> {
    assertMayRead(viewer);
    if (!isUuid(id)) throw new AppError(ErrorKind.Invalid, RentMessages.idInvalid);
    const agreement = await this.agreements.findRow(id);
    if (
      !agreement ||
      !(await this.agreements.shopInScope(networkScope(viewer), agreement.userId))
    ) {
      throw new AppError(ErrorKind.NotFound, RentMessages.notFound);
    }
    return {
      agreement,
      parties: await this.agreements.parties(id),
      timeline: await this.agreements.timeline(id),
      warnings: rentWarnings(agreement),
    };
  }

  async list(viewer: AuthUser, query: Record<string, unknown>) {
    assertMayRead(viewer);
    const page = wholeNumberIn(query.page, 1_000_000, 1);
    const pageSize = wholeNumberIn(query.pageSize, PAGE_SIZE_MAX, 20);
    if (page === null || pageSize === null) {
      throw new AppError(ErrorKind.Invalid, RentDeskMessages.pageNotWhole);
    }
    const status = blank(query.status) ? null : query.status;
    if (status !== null && !(RENT_STATUSES as readonly unknown[]).includes(status)) {
      throw new AppError(ErrorKind.Invalid, RentDeskMessages.statusInvalid);
    }
    const search = blank(query.q) ? null : String(query.q).trim().slice(0, 60) || null;
    const { rows, total } = await this.agreements.list({
      scope: networkScope(viewer),
      status: status as RentStatus | null,
      search,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { rows, total, page, pageSize };
  }

  /** The signed PDF once completed; the draft (marked DRAFT) before. */
  async pdf(viewer: AuthUser, id: string): Promise<{ pdf: Buffer; filename: string }> {
    const { agreement } = await this.details(viewer, id);
    if (agreement.status === 'completed') {
      const pdf = (await this.agreements.signedPdf(id))!;
      return { pdf, filename: `rent-agreement-${agreement.reference}-signed.pdf` };
    }
    return {
      pdf: await this.pdfOf(agreement, false),
      filename: `rent-agreement-${agreement.reference}-draft.pdf`,
    };
  }

  private async pdfOf(agreement: RentAgreement, final: boolean): Promise<Buffer> {
    const parties = await this.agreements.parties(agreement.id);
    return rentPdf({ agreement, parties, final, madeAt: agreement.updatedAt });
  }

  /** Public: an order's progress by its reference and a party's mobile (404 for any mismatch). */
  async track(query: { reference?: unknown; mobile?: unknown }, address: string) {
    const reference =
      typeof query.reference === 'string' ? query.reference.trim().toUpperCase() : '';
    if (!reference || blank(query.mobile)) {
      throw new AppError(ErrorKind.Invalid, RentMessages.trackRequired);
    }
    const mobile = checkMobile(query.mobile);
    if (!mobile.ok) throw new AppError(ErrorKind.Invalid, mobile.message);
    await this.limiter.consume(RentTrackMissLimit, address);
    const agreement = /^RA[0-9A-Z]{10}$/.test(reference)
      ? await this.agreements.findByReference(reference)
      : undefined;
    const parties = agreement ? await this.agreements.parties(agreement.id) : [];
    if (!agreement || !parties.some((party) => party.mobile === mobile.value)) {
      throw new AppError(ErrorKind.NotFound, RentMessages.trackNotFound);
    }
    await this.limiter.giveBack(RentTrackMissLimit, address);
    const timeline = await this.agreements.timeline(agreement.id);
    return {
      reference: agreement.reference,
      status: agreement.status,
      state: rentStateName(agreement.state),
      city: agreement.city,
      startDate: agreement.startDate,
      termMonths: agreement.termMonths,
      createdAt: agreement.createdAt,
      steps: timeline
        .filter((entry) => entry.kind !== 'otp-sent' && entry.kind !== 'signed-by')
        .map((entry) => ({ kind: entry.kind, at: entry.at })),
      parties: parties.map((party) => ({
        role: party.role,
        name: initials(party.name),
        signed: party.signedAt !== null,
        signedAt: party.signedAt,
      })),
    };
  }

  /** Public: the table as it stands today and a sample agreement's price per state. */
  prices() {
    const today = indiaDay(this.clock.now());
    return {
      day: today,
      states: RENT_STATES.map((state) => {
        const sample = samplePrices(today).find((one) => one.state === state.code);
        return {
          code: state.code,
          name: state.name,
          basis: sample?.price.stampRule.basis ?? null,
          kind: sample?.price.stampRule.kind ?? null,
          source: sample?.price.stampRule.source ?? null,
          effectiveFrom: sample?.price.stampRule.effectiveFrom ?? null,
          sample: sample && {
            stampDuty: sample.price.stampDuty / 100,
            serviceCharge: sample.price.serviceCharge / 100,
            total: sample.price.total / 100,
          },
          registrationAlways: state.code === 'MH',
        };
      }),
      rules: STAMP_DUTY_TABLE.length,
    };
  }

  private priceOn(terms: Parameters<typeof rentPrice>[0]): RentPrice {
    const price = rentPrice(terms, indiaDay(this.clock.now()));
    if (!price.ok) throw new AppError(ErrorKind.Refused, price.message);
    return price.value;
  }

  /** The caller's own agreement (a shop acts only on its own); 404 otherwise. */
  private async own(user: AuthUser, id: string): Promise<RentAgreement> {
    if (!isUuid(id)) throw new AppError(ErrorKind.Invalid, RentMessages.idInvalid);
    const agreement = await this.agreements.find(id);
    if (!agreement || agreement.userId !== user.userId) {
      throw new AppError(ErrorKind.NotFound, RentMessages.notFound);
    }
    return agreement;
  }
}

function refuseUnless<T>(check: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!check.ok) throw new AppError(ErrorKind.Conflict, check.message);
  return check.value;
}

/** The shop's gross commission: the scheme's fee less its uplines' shares. */
function shopGross(quote: { fee: number; commission: { shares: { gross: number }[] } }): number {
  const shares = quote.commission.shares.reduce((sum, share) => sum + share.gross, 0);
  return Math.max(quote.fee - shares, 0);
}

function newReference(): string {
  let out = 'RA';
  for (let i = 0; i < 10; i++) out += REFERENCE_ALPHABET[randomInt(0, REFERENCE_ALPHABET.length)];
  return out;
}

/** "Priya Nair" → "Priya N." (the public tracker shows no whole names). */
function initials(name: string): string {
  const [first, ...rest] = name.split(' ');
  return rest.length ? `${first} ${rest.map((part) => `${part[0]}.`).join(' ')}` : first!;
}

/** Who drafts and sells agreements: whoever holds the `rent` service (a retailer by default). */
export function assertMayServe(user: AuthUser): void {
  if (user.services.includes(RENT_SERVICE)) return;
  if (user.kind === 'admin') {
    throw new AppError(ErrorKind.Forbidden, RentDeskMessages.adminsRead);
  }
  throw serviceRefusal(
    user,
    (held) => held.services.includes(RENT_SERVICE),
    'Rent agreements are not enabled for your account. Ask your distributor or Khata support.',
  );
}

/** Who reads agreements: the shop (its own), the distributor tiers (their network), admins. */
export function assertMayRead(user: AuthUser): void {
  if (user.kind === 'admin' || isDistributor(user.kind)) return;
  assertMayServe(user);
}
