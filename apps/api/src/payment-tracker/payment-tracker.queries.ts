import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  isTransactionKind,
  maskAccountNumber,
  paiseToRupees,
  type PaymentTrackerAnswer,
  type TrackerEvent,
  type TransactionKind,
  type VerifiedReceipt,
  type Viewer,
} from '@khata/domain';
import { movedRecord, type RecordFacts } from '@khata/ledger';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { RateLimiter } from '../common/rate-limiter.js';
import { TransactionMessages } from '../transactions/transaction-messages.js';
import { recordOfRow } from '../transactions/record-row.js';
import { ReceiptCheckLimit } from './payment-tracker.limits.js';
import { PaymentTrackerMessages } from './payment-tracker.messages.js';
import {
  PaymentTrackerRepository,
  type PaymentKey,
  type StreamEvent,
} from './payment-tracker.repository.js';
import { ReceiptLinks, verifyPathOf } from './receipt-links.js';
import { addressKey } from '../common/http/address-key.js';

const ORDER_ID = /^KH(\d{1,15})$/i;
const UTR = /^[A-Za-z0-9]{6,35}$/;

/** An order id (`KH0000000042`) or a UTR, as typed; undefined when it is neither. */
export function paymentKeyOf(query: string): PaymentKey | undefined {
  const text = query.trim();
  const order = ORDER_ID.exec(text);
  if (order) return { orderSeq: Number(order[1]) };
  return UTR.test(text) ? { utr: text } : undefined;
}

/** Payment tracker: one payment the viewer may see, its receipt and its story. */
export class TrackPaymentQuery extends Query<Omit<PaymentTrackerAnswer, 'success'>> {
  constructor(
    readonly viewer: Viewer,
    readonly query: string,
  ) {
    super();
  }
}

@QueryHandler(TrackPaymentQuery)
export class TrackPaymentHandler implements IQueryHandler<TrackPaymentQuery> {
  constructor(
    private readonly payments: PaymentTrackerRepository,
    private readonly links: ReceiptLinks,
  ) {}

  async execute({ viewer, query }: TrackPaymentQuery) {
    const key = paymentKeyOf(query);
    if (!key) throw new AppError(ErrorKind.Invalid, PaymentTrackerMessages.queryInvalid);
    const row = await this.payments.find(viewer, key);
    if (!row) throw new AppError(ErrorKind.NotFound, PaymentTrackerMessages.notFound);
    const events = await this.payments.events(row.stream);
    return {
      record: recordOfRow(row),
      shop: { name: row.shop_name, phone: row.shop_phone },
      timeline: events.flatMap(timelineEntries),
      verifyPath: verifyPathOf(this.links.tokenFor(row.record_id)),
    };
  }
}

/**
 * An event's lines of the story. A payout the bank's answer to its send settled has no
 * `processing` event (issue 15): its final event carries `sentAt`, told as "Sent to the bank"
 * first, so the story reads the same either way.
 */
export function timelineEntries(event: StreamEvent): TrackerEvent[] {
  const entry = timelineEntry(event);
  if (!event.sentAt) return [entry];
  const sent: StreamEvent = {
    type: event.type,
    at: new Date(event.sentAt),
    facts: movedRecord('processing'),
  };
  return [timelineEntry(sent), entry];
}

/** One event of a payment's stream in words: never an event code. */
export function timelineEntry(event: StreamEvent): TrackerEvent {
  const facts: RecordFacts | null = event.facts;
  return {
    at: new Date(event.at).toISOString(),
    status: facts?.status ?? null,
    text: describe(event.type, facts),
  };
}

/** How a record's opening reads, by its type; the other types say only whether it is done. */
const OPENED: Partial<Record<TransactionKind, string>> = {
  payout: 'Bank payout asked for. The amount and fee are set aside until the bank answers.',
  aepsSettlement:
    'AEPS settlement asked for. The amount and fee are set aside until the bank answers.',
  walletTransfer: 'Wallet transfer made.',
  walletCredit: 'Money added to the wallet.',
};

function describe(type: string, facts: RecordFacts | null): string {
  if (!facts) return 'Updated.';
  if (facts.kind === 'open') {
    const opened = isTransactionKind(facts.type) ? OPENED[facts.type] : undefined;
    return opened ?? (facts.status === 'success' ? 'Payment made.' : 'Payment recorded.');
  }
  const why = facts.message ? ` Reason: ${facts.message}` : '';
  const reference = facts.externalRef ? ` UTR ${facts.externalRef}.` : '';
  switch (facts.status) {
    case 'processing':
      return 'Sent to the bank.';
    case 'processed':
      return `Paid by the bank.${reference}`;
    case 'failed':
      return `The bank could not pay it; the money is free again in the wallet.${why}`;
    case 'reversed':
      return type.endsWith('.returned')
        ? `Returned by the bank after payment; the amount and fee are back in the wallet.${why}`
        : `Returned by the bank before payment; the money is free again in the wallet.${why}`;
    case 'success':
      return 'Completed.';
    case 'queued':
      return 'Waiting to be sent to the bank.';
  }
}

/**
 * A receipt's verification link, for whoever may track the payment (its network): the same
 * rule as the tracker, so a distributor's tracked receipt carries its QR code too.
 */
export class ReceiptLinkQuery extends Query<string> {
  constructor(
    readonly viewer: Viewer,
    readonly recordId: string,
  ) {
    super();
  }
}

@QueryHandler(ReceiptLinkQuery)
export class ReceiptLinkHandler implements IQueryHandler<ReceiptLinkQuery> {
  constructor(private readonly payments: PaymentTrackerRepository) {}

  async execute({ viewer, recordId }: ReceiptLinkQuery): Promise<string> {
    const row = await this.payments.find(viewer, { recordId });
    if (!row) throw new AppError(ErrorKind.NotFound, TransactionMessages.notFound);
    return row.record_id;
  }
}

/** The public check of a printed receipt's QR code: the allowed fields, nothing else. */
export class VerifyReceiptQuery extends Query<VerifiedReceipt> {
  constructor(
    readonly token: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@QueryHandler(VerifyReceiptQuery)
export class VerifyReceiptHandler implements IQueryHandler<VerifyReceiptQuery> {
  constructor(
    private readonly payments: PaymentTrackerRepository,
    private readonly links: ReceiptLinks,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ token, context }: VerifyReceiptQuery): Promise<VerifiedReceipt> {
    await this.limiter.consume(ReceiptCheckLimit, addressKey(context.ip));
    const opened = this.links.open(token);
    if (!opened.ok) {
      throw opened.why === 'malformed'
        ? new AppError(ErrorKind.Invalid, PaymentTrackerMessages.linkInvalid)
        : new AppError(ErrorKind.NotFound, PaymentTrackerMessages.linkUnknown);
    }
    const row = await this.payments.payerSide(opened.recordId);
    if (!row) throw new AppError(ErrorKind.NotFound, PaymentTrackerMessages.linkUnknown);
    return {
      status: row.status,
      amount: paiseToRupees(row.amount),
      account: lastFour(row.details.beneficiaryAccountNumber),
      utr: row.external_ref,
      at: row.created_at.toISOString(),
    };
  }
}

/** `XXXX` and the last 4 characters of the (already masked) account number; null without one. */
function lastFour(account: unknown): string | null {
  if (typeof account !== 'string' || account.length < 4) return null;
  return `XXXX${maskAccountNumber(account).slice(-4)}`;
}
