import { setTimeout as sleep } from 'node:timers/promises';
import {
  BBPS_SERVICE_REASONS,
  BBPS_TRANSACTION_DISPOSITIONS,
  BbpsCatalogueMessages,
  ccfOf,
  checkBillerParams,
  formatPaise,
  indiaDay,
  type Paise,
} from '@khata/domain';
import { Clock } from '../common/clock.js';
import { type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';
import { SANDBOX_PENDING_CHECKS } from '../rail/sandbox-rules.js';
import {
  type BbpsCatalogue,
  type BbpsComplaintAnswer,
  type BbpsComplaintRequest,
  type BbpsComplaintState,
  type BbpsFetchAnswer,
  type BbpsFetchRequest,
  type BbpsPayDetails,
  BbpsProvider,
  type BbpsPayRequest,
} from './bbps-provider.js';
import {
  sandboxApprovalRef,
  sandboxBill,
  sandboxComplaintPrefix,
  sandboxFetchRef,
  sandboxTxnRefId,
} from './sandbox-bbps-bill.js';
import type {
  BbpsSandboxBook,
  BbpsSandboxPayment,
  BbpsSandboxSettlement,
} from './sandbox-bbps-book.js';
import {
  type SandboxBbpsBiller,
  sandboxBbpsBiller,
  sandboxBbpsCatalogue,
} from './sandbox-bbps-catalogue.js';

/**
 * The sandbox BBPS provider's documented rules (docs/api.md "The sandbox BBPS provider's test
 * data"): the last two digits of the biller's FIRST parameter decide (DHBVN's account number,
 * a card's last 4 digits, a vehicle number), so tests and demos get every outcome on purpose.
 *
 * | code | fetch answers | send answers | status enquiry answers |
 * |------|---------------|--------------|------------------------|
 * | other | a bill due in 3 to 14 days | success: `txnRefId`, approval number, `000` | success |
 * | 11 | no bill due | success | success |
 * | 12 | an overdue bill with a late amount | success | success |
 * | 13 | biller down (`unavailable`) | success | success |
 * | 14 | invalid customer (`invalid`) | success | success |
 * | 15 | a bill with an early-payment amount (1% less within 2 days) | success | success |
 * | 21 | a bill | failed: biller rejected (`200`) | failed |
 * | 22 | a bill | pending | pending for 2 enquiries, then success |
 * | 23 | a bill | times out, the provider took it | success |
 * | 24 | a bill | provider down: throws before taking it | not-found |
 * | 25 | a bill | pending | pending for 2 enquiries, then failed (`200`) |
 *
 * Before the code, a fetch or send is refused (fetch `invalid`, send failed with `205`) for a
 * biller not in the catalogue or parameters its regexes refuse; an inactive biller is
 * `unavailable` to fetch and failed (`205`) to pay; a biller that fetches and takes no ad hoc
 * payment fails (`205`) a send without a `fetchRef`, and so does a CCF other than the biller's
 * slab gives for the amount (`ccfOf`). The same request always fetches the same
 * bill and `fetchRef`. A reference sent again is answered with the first send's outcome.
 * Complaints: a transaction complaint must name a `txnRefId` this provider paid; each status
 * enquiry moves a complaint one step, logged → assigned → resolved.
 */
export const BBPS_SANDBOX_CODES = {
  noBill: '11',
  overdue: '12',
  billerDown: '13',
  invalidCustomer: '14',
  earlyPayment: '15',
  rejected: '21',
  pendingThenPaid: '22',
  timeoutThenPaid: '23',
  providerDown: '24',
  pendingThenFailed: '25',
} as const;

export const BBPS_SANDBOX_MESSAGES = {
  noBill: 'No bill is due for this customer.',
  billerDown: 'The biller’s system is not available now. Please try again later.',
  invalidCustomer: 'The biller has no customer with these details.',
  rejected: 'The biller rejected the payment: the customer’s account is not active.',
  unknownTxn: 'No Bharat BillPay transaction with this reference.',
  dispositionInvalid: 'Please choose one of the BBPS complaint reasons.',
  partyInvalid: 'A service complaint is against an agent or a biller.',
  ccfMismatch: (expected: Paise) =>
    `The convenience fee does not match the biller's: ${formatPaise(expected)} on this amount.`,
} as const;

/** BBPS response codes the sandbox answers (`000` is BBPS's own success code). */
export const BBPS_SANDBOX_RESPONSE = {
  success: { code: '000', reason: 'Successful' },
  rejected: { code: '200', reason: 'Biller rejected: customer account not active' },
  refused: { code: '205', reason: 'Request refused: biller or customer details invalid' },
} as const;

/** The code the rules read: the last two characters of the biller's first parameter's value. */
export function bbpsSandboxCode(biller: Pick<SandboxBbpsBiller, 'params'>, params: object): string {
  const first = biller.params[0]?.name;
  const value = first ? (params as Record<string, unknown>)[first] : undefined;
  return typeof value === 'string' ? value.trim().slice(-2) : '';
}

export interface SandboxBbpsOptions {
  /** How long each call takes once the provider has its answer (RAIL_SANDBOX_LATENCY_MS). */
  latencyMs?: number;
}

/** The sandbox COU's name, to whom agent complaints are assigned. */
const SANDBOX_BBPOU = 'Khata Sandbox BBPOU';

/** A pretend BBPS operating unit by the rules above. */
export class SandboxBbpsProvider extends BbpsProvider {
  constructor(
    private readonly book: BbpsSandboxBook,
    private readonly clock: Clock,
    private readonly options: SandboxBbpsOptions = {},
  ) {
    super();
  }

  async catalogue(): Promise<BbpsCatalogue> {
    await this.latency();
    return sandboxBbpsCatalogue();
  }

  async fetchBill(request: BbpsFetchRequest): Promise<BbpsFetchAnswer> {
    await this.book.noteCall({ call: 'fetch', billerId: request.billerId, reference: null });
    await this.latency();
    const biller = sandboxBbpsBiller(request.billerId);
    if (!biller) return { status: 'invalid', reason: BbpsCatalogueMessages.billerNotFound };
    if (!biller.active)
      return { status: 'unavailable', reason: BbpsCatalogueMessages.billerInactive };
    if (!biller.fetch)
      return { status: 'invalid', reason: BbpsCatalogueMessages.fetchNotSupported };
    const params = checkBillerParams(biller, request.params);
    if (!params.ok) return { status: 'invalid', reason: params.message };
    const today = indiaDay(this.clock.now());
    const code = bbpsSandboxCode(biller, params.value);
    switch (code) {
      case BBPS_SANDBOX_CODES.noBill:
        return { status: 'no-bill', reason: BBPS_SANDBOX_MESSAGES.noBill };
      case BBPS_SANDBOX_CODES.billerDown:
        return { status: 'unavailable', reason: BBPS_SANDBOX_MESSAGES.billerDown };
      case BBPS_SANDBOX_CODES.invalidCustomer:
        return { status: 'invalid', reason: BBPS_SANDBOX_MESSAGES.invalidCustomer };
    }
    const kind =
      code === BBPS_SANDBOX_CODES.overdue
        ? 'overdue'
        : code === BBPS_SANDBOX_CODES.earlyPayment
          ? 'early'
          : 'due';
    return {
      status: 'bill',
      bill: sandboxBill(biller.id, params.value, today, kind),
      fetchRef: sandboxFetchRef(biller.id, params.value),
    };
  }

  async send(request: BbpsPayRequest): Promise<RailOutcome> {
    const biller = sandboxBbpsBiller(request.billerId);
    const code = biller ? bbpsSandboxCode(biller, request.params) : '';
    if (code === BBPS_SANDBOX_CODES.providerDown) {
      await this.book.noteCall({
        call: 'send',
        billerId: request.billerId,
        reference: request.reference,
      });
      throw new RailUnavailableError('The sandbox BBPS provider is down (503).');
    }
    // The provider takes the payment before it answers: a caller that dies waiting finds it by
    // enquiry, and a second send of the reference is answered with the first.
    const { payment } = await this.book.take({
      reference: request.reference,
      billerId: request.billerId,
      code: /^[0-9]{2}$/.test(code) ? code : '00',
      amount: request.amount,
      ccf: request.ccf,
      ...this.decide(request, biller, code),
    });
    await this.latency();
    if (code === BBPS_SANDBOX_CODES.timeoutThenPaid) {
      throw new RailUnavailableError('The sandbox BBPS provider timed out.');
    }
    return outcomeOf(payment);
  }

  async status(reference: string): Promise<RailOutcome | { status: 'not-found' }> {
    const payment = await this.book.check(reference);
    await this.latency();
    if (!payment) return { status: 'not-found' };
    if (payment.status === 'pending' && payment.statusChecks > SANDBOX_PENDING_CHECKS) {
      const settled = await this.book.settle(
        reference,
        payment.code === BBPS_SANDBOX_CODES.pendingThenFailed
          ? this.rejected()
          : this.success(reference),
      );
      return outcomeOf(settled ?? payment);
    }
    return outcomeOf(payment);
  }

  async registerComplaint(request: BbpsComplaintRequest): Promise<BbpsComplaintAnswer> {
    await this.latency();
    const idPrefix = sandboxComplaintPrefix(this.clock.now());
    const common = { idPrefix, disposition: request.disposition, description: request.description };
    if (request.type === 'transaction') {
      if (!(BBPS_TRANSACTION_DISPOSITIONS as readonly string[]).includes(request.disposition)) {
        return { ok: false, reason: BBPS_SANDBOX_MESSAGES.dispositionInvalid };
      }
      const paid = request.txnRefId ? await this.book.byTxnRefId(request.txnRefId) : undefined;
      if (!paid) return { ok: false, reason: BBPS_SANDBOX_MESSAGES.unknownTxn };
      const complaint = await this.book.addComplaint({
        ...common,
        type: 'transaction',
        txnRefId: paid.txnRefId,
        assignTo: billerName(paid.billerId),
        resolution: `The biller confirmed payment ${paid.txnRefId} and updated the account.`,
      });
      return { ok: true, complaintId: complaint.complaintId, status: 'logged', assignedTo: null };
    }
    if (!(BBPS_SERVICE_REASONS as readonly string[]).includes(request.disposition)) {
      return { ok: false, reason: BBPS_SANDBOX_MESSAGES.dispositionInvalid };
    }
    const againstBiller = request.party === 'biller';
    if (request.party !== 'agent' && !againstBiller) {
      return { ok: false, reason: BBPS_SANDBOX_MESSAGES.partyInvalid };
    }
    if (againstBiller && !sandboxBbpsBiller(request.billerId ?? '')) {
      return { ok: false, reason: BbpsCatalogueMessages.billerNotFound };
    }
    const complaint = await this.book.addComplaint({
      ...common,
      type: 'service',
      txnRefId: null,
      assignTo: againstBiller ? billerName(request.billerId ?? '') : SANDBOX_BBPOU,
      resolution: againstBiller
        ? 'The biller was asked to act on the complaint and confirmed it has.'
        : 'The agent was contacted and the complaint addressed.',
    });
    return { ok: true, complaintId: complaint.complaintId, status: 'logged', assignedTo: null };
  }

  async complaintStatus(complaintId: string): Promise<BbpsComplaintState | undefined> {
    await this.latency();
    const complaint = await this.book.stepComplaint(complaintId);
    if (!complaint) return undefined;
    return {
      complaintId: complaint.complaintId,
      status: complaint.status,
      assignedTo: complaint.assignedTo,
      remarks: complaint.remarks,
    };
  }

  private async latency(): Promise<void> {
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
  }

  /** The payment a send takes: decided at once, except 22's and 25's, which enquiries settle. */
  private decide(
    request: BbpsPayRequest,
    biller: SandboxBbpsBiller | undefined,
    code: string,
  ): BbpsSandboxSettlement {
    const refusal = this.refusal(request, biller);
    if (refusal) return refusal;
    switch (code) {
      case BBPS_SANDBOX_CODES.rejected:
        return this.rejected();
      case BBPS_SANDBOX_CODES.pendingThenPaid:
      case BBPS_SANDBOX_CODES.pendingThenFailed:
        return {
          status: 'pending',
          txnRefId: null,
          approvalRef: null,
          responseCode: null,
          responseReason: null,
          reason: null,
          settledAt: null,
        };
    }
    return this.success(request.reference);
  }

  /** Why a send is refused before its code is read, if it is. */
  private refusal(
    request: BbpsPayRequest,
    biller: SandboxBbpsBiller | undefined,
  ): BbpsSandboxSettlement | undefined {
    if (!biller) return this.refused(BbpsCatalogueMessages.billerNotFound);
    if (!biller.active) return this.refused(BbpsCatalogueMessages.billerInactive);
    const params = checkBillerParams(biller, request.params);
    if (!params.ok) return this.refused(params.message);
    if (biller.fetch && !biller.adhoc && !request.fetchRef) {
      return this.refused(BbpsCatalogueMessages.fetchRequired);
    }
    if (request.ccf !== ccfOf(biller.ccf, request.amount)) {
      return this.refused(BBPS_SANDBOX_MESSAGES.ccfMismatch(ccfOf(biller.ccf, request.amount)));
    }
    return undefined;
  }

  private success(reference: string): BbpsSandboxSettlement {
    const now = this.clock.now();
    return {
      status: 'processed',
      txnRefId: sandboxTxnRefId(reference, now),
      approvalRef: sandboxApprovalRef(reference),
      responseCode: BBPS_SANDBOX_RESPONSE.success.code,
      responseReason: BBPS_SANDBOX_RESPONSE.success.reason,
      reason: null,
      settledAt: now,
    };
  }

  private rejected(): BbpsSandboxSettlement {
    return {
      status: 'failed',
      txnRefId: null,
      approvalRef: null,
      responseCode: BBPS_SANDBOX_RESPONSE.rejected.code,
      responseReason: BBPS_SANDBOX_RESPONSE.rejected.reason,
      reason: BBPS_SANDBOX_MESSAGES.rejected,
      settledAt: this.clock.now(),
    };
  }

  private refused(reason: string): BbpsSandboxSettlement {
    return {
      status: 'failed',
      txnRefId: null,
      approvalRef: null,
      responseCode: BBPS_SANDBOX_RESPONSE.refused.code,
      responseReason: BBPS_SANDBOX_RESPONSE.refused.reason,
      reason,
      settledAt: this.clock.now(),
    };
  }
}

/** The payment's outcome with the BBPS answer's fields as `details`. */
function outcomeOf(payment: BbpsSandboxPayment): RailOutcome {
  const details: BbpsPayDetails = {
    approvalRef: payment.approvalRef,
    responseCode: payment.responseCode ?? undefined,
    responseReason: payment.responseReason ?? undefined,
  };
  if (payment.status === 'pending') return { status: 'pending' };
  if (payment.status === 'failed') {
    return { status: 'failed', reason: payment.reason ?? '', details: { ...details } };
  }
  return { status: 'processed', utr: payment.txnRefId ?? '', details: { ...details } };
}

function billerName(billerId: string): string {
  return sandboxBbpsBiller(billerId)?.name ?? billerId;
}
