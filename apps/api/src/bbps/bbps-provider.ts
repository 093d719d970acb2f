import type {
  BbpsAgentDevice,
  BbpsBiller,
  BbpsCategory,
  BbpsComplaintStatus,
  BbpsParams,
  Paise,
} from '@khata/domain';
import type { RailAdapter, RailOutcome } from '../rail/rail-adapter.js';

/** The provider's catalogue, whole (the sync replaces Khata's copy with it). */
export interface BbpsCatalogue {
  categories: BbpsCategory[];
  billers: BbpsBiller[];
}

export interface BbpsFetchRequest {
  billerId: string;
  params: BbpsParams;
  customerMobile: string;
  agent: BbpsAgentDevice;
}

/** A bill as BBPS fetches it (`RespAmount`, `RespBillDate`…); amounts in paise, dates `YYYY-MM-DD`. */
export interface BbpsBill {
  customerName: string;
  billNumber: string;
  billDate: string | null;
  dueDate: string | null;
  billPeriod: string | null;
  amount: Paise;
  /** The amount if paid by the early date (`amountTags` EARLY_PAYMENT_AMOUNT), when given. */
  earlyAmount: { amount: Paise; until: string } | null;
  /** The amount after the due date (LATE_PAYMENT_AMOUNT), when given. */
  lateAmount: Paise | null;
}

export type BbpsFetchAnswer =
  | { status: 'bill'; bill: BbpsBill; fetchRef: string }
  /** The biller has no bill due for this customer (BBPS `BFR004`-style). */
  | { status: 'no-bill'; reason: string }
  /** The biller refused the customer's parameters (not found, wrong format). */
  | { status: 'invalid'; reason: string }
  /** The biller's system is down: try later. */
  | { status: 'unavailable'; reason: string };

/** One payment as the provider is asked to make it. */
export interface BbpsPayRequest {
  /** Our payment id: the provider's idempotency key. */
  reference: string;
  /** BBPS `refId`, 35 alphanumerics, unique per transaction. */
  refId: string;
  billerId: string;
  params: BbpsParams;
  customerMobile: string;
  /** Paise; the bill amount only. */
  amount: Paise;
  /** Paise; sent as `custConvFee`, never inside the amount. */
  ccf: Paise;
  /** The fetch this pays, absent for an ad hoc payment. */
  fetchRef: string | null;
  agent: BbpsAgentDevice;
}

/**
 * What a processed payment carries (RailOutcome `details`): `utr` is the BBPS transaction
 * reference (`txnRefId`, 20 characters); the biller's approval number is here.
 */
export interface BbpsPayDetails {
  approvalRef?: string | null;
  responseCode?: string;
  responseReason?: string;
}

export interface BbpsComplaintRequest {
  type: 'transaction' | 'service';
  /** The payment's BBPS reference (`txnRefId`) for a transaction complaint. */
  txnRefId: string | null;
  /** The disposition (transaction) or the reason (service). */
  disposition: string;
  description: string;
  /** For a service complaint: against the agent (the shop) or a biller. */
  party: 'agent' | 'biller' | null;
  billerId: string | null;
  agentId: string | null;
  customerMobile: string;
}

export type BbpsComplaintAnswer =
  | { ok: true; complaintId: string; status: BbpsComplaintStatus; assignedTo: string | null }
  | { ok: false; reason: string };

export interface BbpsComplaintState {
  complaintId: string;
  status: BbpsComplaintStatus;
  assignedTo: string | null;
  remarks: string | null;
}

/**
 * The BBPS provider (a BBPOU/COU's agent API) behind the rail framework: the catalogue, bill
 * fetch, payment sent once per reference with status enquiry, and complaints. The sandbox
 * (sandbox-bbps-provider.ts) is the default; docs/api.md "Bill payments (BBPS)" maps a real
 * COU's fields. Anything thrown from send or status is an unknown outcome: the payment stays
 * processing and is asked about, never sent again.
 */
export abstract class BbpsProvider implements RailAdapter<BbpsPayRequest> {
  abstract catalogue(): Promise<BbpsCatalogue>;
  abstract fetchBill(request: BbpsFetchRequest): Promise<BbpsFetchAnswer>;
  abstract send(request: BbpsPayRequest): Promise<RailOutcome>;
  abstract status(reference: string): Promise<RailOutcome | { status: 'not-found' }>;
  abstract registerComplaint(request: BbpsComplaintRequest): Promise<BbpsComplaintAnswer>;
  abstract complaintStatus(complaintId: string): Promise<BbpsComplaintState | undefined>;
}
