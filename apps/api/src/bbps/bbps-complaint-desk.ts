import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  addDays,
  BbpsCatalogueMessages,
  BbpsComplaintMessages,
  BbpsMessages,
  bbpsComplaintSubject,
  type BbpsServiceParty,
  indiaDay,
  isUuid,
} from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { RateLimiter } from '../common/rate-limiter.js';
import { ComplaintLimit } from '../complaints/commands/raise-complaint.js';
import { ComplaintUpdatedEvent } from '../complaints/complaint-updated.event.js';
import { complaintNumber } from '../complaints/complaints.dto.js';
import { NewComplaints } from '../complaints/new-complaints.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { BbpsCatalogueRepository } from './bbps-catalogue.repository.js';
import { BBPS_COMPLAINT_CHECK_EVERY_MS } from './bbps-complaint-enquiry.js';
import { BbpsComplaintsRepository } from './bbps-complaints.repository.js';
import { assertMayServe } from './bbps-counter.js';
import { BbpsPaymentsRepository } from './bbps-payments.repository.js';
import {
  type BbpsComplaintAnswer,
  type BbpsComplaintRequest,
  BbpsProvider,
} from './bbps-provider.js';

/** What a shop asks for: a complaint on one payment, or about an agent or a biller. */
export type BbpsComplaintAsk =
  | { type: 'transaction'; paymentId: string; disposition: string; description: string }
  | {
      type: 'service';
      party: BbpsServiceParty;
      billerId: string | null;
      reason: string;
      description: string;
    };

/**
 * A shop raises a BBPS complaint (issue 27). It is registered with the provider inside the
 * database transaction that stores it, so a provider that does not answer keeps nothing (503)
 * and a complaint kept always has the provider's id. Complaints on one payment queue on an
 * advisory lock: of a burst, one registers and the rest are told which one is open. Service
 * complaints count against the complaints rate limit (a payment's are bounded by one open).
 */
@Injectable()
export class BbpsComplaintDesk {
  constructor(
    private readonly payments: BbpsPaymentsRepository,
    private readonly catalogue: BbpsCatalogueRepository,
    private readonly bbpsComplaints: BbpsComplaintsRepository,
    private readonly complaints: NewComplaints,
    private readonly provider: BbpsProvider,
    private readonly limiter: RateLimiter,
    private readonly uow: UnitOfWork,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registers the complaint and stores it; answers our complaint's id. */
  async raise(user: AuthUser, ask: BbpsComplaintAsk, context: RequestContext): Promise<string> {
    assertMayServe(user);
    if (ask.type === 'transaction') return this.onPayment(user, ask, context);
    await this.limiter.consume(ComplaintLimit, user.userId);
    try {
      return await this.service(user, ask, context);
    } catch (error) {
      await this.limiter.giveBack(ComplaintLimit, user.userId);
      throw error;
    }
  }

  private async onPayment(
    user: AuthUser,
    ask: Extract<BbpsComplaintAsk, { type: 'transaction' }>,
    context: RequestContext,
  ): Promise<string> {
    if (!isUuid(ask.paymentId)) {
      throw new AppError(ErrorKind.Invalid, BbpsMessages.paymentIdInvalid);
    }
    const payment = await this.payments.findRow(ask.paymentId.toLowerCase());
    // Another shop's payment answers like one that does not exist.
    if (!payment || payment.userId !== user.userId) {
      throw new AppError(ErrorKind.NotFound, BbpsMessages.paymentNotFound);
    }
    if (!payment.bbpsReference || payment.status === 'failed') {
      throw new AppError(ErrorKind.Refused, BbpsComplaintMessages.notTaken);
    }
    const id = await this.uow.run(async (tx) => {
      const open = await this.bbpsComplaints.lockPayment(tx, payment.id);
      if (open) {
        throw new AppError(
          ErrorKind.Conflict,
          BbpsComplaintMessages.alreadyOpen(complaintNumber(open.number), open.complaintId),
        );
      }
      const registered = await this.register({
        type: 'transaction',
        txnRefId: payment.bbpsReference,
        disposition: ask.disposition,
        description: ask.description,
        party: null,
        billerId: payment.billerId,
        agentId: payment.agent.terminalId,
        customerMobile: payment.customerMobile,
      });
      const stored = await this.complaints.store(
        tx,
        user,
        {
          subject: bbpsComplaintSubject('transaction', ask.disposition),
          transaction: null,
          text: ask.description,
        },
        context,
      );
      await this.bbpsComplaints.attach(tx, stored.id, {
        type: 'transaction',
        disposition: ask.disposition,
        party: null,
        billerId: payment.billerId,
        billerName: payment.billerName,
        paymentId: payment.id,
        bbpsReference: payment.bbpsReference,
        ...this.registeredFacts(registered),
      });
      return stored;
    });
    this.announce(user, id);
    return id.id;
  }

  private async service(
    user: AuthUser,
    ask: Extract<BbpsComplaintAsk, { type: 'service' }>,
    context: RequestContext,
  ): Promise<string> {
    let billerName: string | null = null;
    if (ask.party === 'biller') {
      if (!ask.billerId)
        throw new AppError(ErrorKind.Invalid, BbpsComplaintMessages.billerRequired);
      const biller = await this.catalogue.biller(ask.billerId);
      if (!biller) throw new AppError(ErrorKind.NotFound, BbpsCatalogueMessages.billerNotFound);
      billerName = biller.name;
    }
    const billerId = ask.party === 'biller' ? ask.billerId : null;
    const id = await this.uow.run(async (tx) => {
      const registered = await this.register({
        type: 'service',
        txnRefId: null,
        disposition: ask.reason,
        description: ask.description,
        party: ask.party,
        billerId,
        agentId: `KH${user.userId.replace(/-/g, '').slice(0, 14).toUpperCase()}`,
        customerMobile: user.mobile,
      });
      const stored = await this.complaints.store(
        tx,
        user,
        {
          subject: bbpsComplaintSubject('service', ask.reason),
          transaction: null,
          text: ask.description,
        },
        context,
      );
      await this.bbpsComplaints.attach(tx, stored.id, {
        type: 'service',
        disposition: ask.reason,
        party: ask.party,
        billerId,
        billerName,
        paymentId: null,
        bbpsReference: null,
        ...this.registeredFacts(registered),
      });
      return stored;
    });
    this.announce(user, id);
    return id.id;
  }

  /** The provider's answer, or a refusal: 422 when it said no, 503 when it did not answer. */
  private async register(
    request: BbpsComplaintRequest,
  ): Promise<Extract<BbpsComplaintAnswer, { ok: true }>> {
    let answer: BbpsComplaintAnswer;
    try {
      answer = await this.provider.registerComplaint(request);
    } catch {
      throw new AppError(ErrorKind.Unavailable, BbpsComplaintMessages.providerDown);
    }
    if (!answer.ok)
      throw new AppError(ErrorKind.Refused, BbpsComplaintMessages.refused(answer.reason));
    return answer;
  }

  private registeredFacts(registered: Extract<BbpsComplaintAnswer, { ok: true }>) {
    const now = this.clock.now();
    return {
      complaintId: registered.complaintId,
      status: registered.status,
      assignedTo: registered.assignedTo,
      dueOn: addDays(indiaDay(now), this.config.bbps.complaintTatDays),
      nextCheckAt: new Date(now.getTime() + BBPS_COMPLAINT_CHECK_EVERY_MS),
    };
  }

  private announce(user: AuthUser, stored: { id: string; number: number }): void {
    this.events.publish(
      new ComplaintUpdatedEvent(user.userId, {
        id: stored.id,
        number: complaintNumber(stored.number),
        status: 'open',
        by: 'user',
        action: 'raise',
      }),
    );
  }
}
