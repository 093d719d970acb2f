import type { BbpsComplaintStatus, Paise } from '@khata/domain';

/**
 * The sandbox BBPS provider's own book: one payment per reference, every call counted, and the
 * complaints it registered, kept apart from Khata's tables as a real BBPOU's would be, so it
 * outlives a killed worker, takes a reference once and lets tests prove "paid once". The app
 * keeps it in Postgres (bbps-sandbox-book.repository.ts); unit tests use the in-memory one.
 */
export interface BbpsSandboxPayment {
  reference: string;
  billerId: string;
  /** The two digits that chose the outcome (sandbox-bbps-provider.ts's table). */
  code: string;
  amount: Paise;
  ccf: Paise;
  status: 'processed' | 'failed' | 'pending';
  /** BBPS `txnRefId` (20 characters); set at success. */
  txnRefId: string | null;
  approvalRef: string | null;
  responseCode: string | null;
  responseReason: string | null;
  /** What a failure tells the shop. */
  reason: string | null;
  statusChecks: number;
  settledAt: Date | null;
}

export type NewBbpsSandboxPayment = Omit<BbpsSandboxPayment, 'statusChecks'>;

/** What settling a pending payment sets. */
export type BbpsSandboxSettlement = Pick<
  BbpsSandboxPayment,
  'status' | 'txnRefId' | 'approvalRef' | 'responseCode' | 'responseReason' | 'reason' | 'settledAt'
>;

export type BbpsSandboxCall = 'fetch' | 'send' | 'status';

/** A call as the book counts it: fetches by biller, sends and enquiries by reference too. */
export interface BbpsSandboxCallNote {
  call: BbpsSandboxCall;
  billerId: string | null;
  reference: string | null;
}

export interface BbpsSandboxComplaint {
  complaintId: string;
  type: 'transaction' | 'service';
  txnRefId: string | null;
  status: BbpsComplaintStatus;
  assignedTo: string | null;
  remarks: string | null;
}

export interface NewBbpsSandboxComplaint {
  /** The id's first characters; the book adds a 7-digit sequence number. */
  idPrefix: string;
  type: 'transaction' | 'service';
  txnRefId: string | null;
  disposition: string;
  description: string;
  /** Who the complaint is assigned to at its first enquiry. */
  assignTo: string;
  /** The remarks it is resolved with at its second. */
  resolution: string;
}

export abstract class BbpsSandboxBook {
  /** Counts a send and takes the payment, or answers the one taken before under its reference. */
  abstract take(
    payment: NewBbpsSandboxPayment,
  ): Promise<{ payment: BbpsSandboxPayment; duplicate: boolean }>;
  /** Counts a call that did not take a payment (a fetch; a send refused before it was taken). */
  abstract noteCall(note: BbpsSandboxCallNote): Promise<void>;
  /** Calls of a kind for a reference (sends, status enquiries) or, for fetches, a biller. */
  abstract calls(call: BbpsSandboxCall, key: string): Promise<number>;
  /** Counts a status call and one more check on the payment; undefined when never taken. */
  abstract check(reference: string): Promise<BbpsSandboxPayment | undefined>;
  /** Settles a pending payment (compare-and-set on pending); the payment as it stands. */
  abstract settle(
    reference: string,
    to: BbpsSandboxSettlement,
  ): Promise<BbpsSandboxPayment | undefined>;
  /** The payment a BBPS transaction reference belongs to (a complaint names one). */
  abstract byTxnRefId(txnRefId: string): Promise<BbpsSandboxPayment | undefined>;
  abstract addComplaint(complaint: NewBbpsSandboxComplaint): Promise<BbpsSandboxComplaint>;
  /**
   * One enquiry's step: logged → assigned (to its `assignTo`) → resolved (with its
   * `resolution`), and resolved stays; undefined for an unknown id.
   */
  abstract stepComplaint(complaintId: string): Promise<BbpsSandboxComplaint | undefined>;
}

export class MemoryBbpsSandboxBook extends BbpsSandboxBook {
  private readonly payments = new Map<string, BbpsSandboxPayment>();
  private readonly complaints = new Map<
    string,
    BbpsSandboxComplaint & Pick<NewBbpsSandboxComplaint, 'assignTo' | 'resolution'>
  >();
  private readonly log: BbpsSandboxCallNote[] = [];

  async take(payment: NewBbpsSandboxPayment) {
    this.log.push({ call: 'send', billerId: payment.billerId, reference: payment.reference });
    const earlier = this.payments.get(payment.reference);
    if (earlier) return { payment: { ...earlier }, duplicate: true };
    const taken = { ...payment, statusChecks: 0 };
    this.payments.set(payment.reference, taken);
    return { payment: { ...taken }, duplicate: false };
  }

  async noteCall(note: BbpsSandboxCallNote) {
    this.log.push({ ...note });
  }

  async calls(call: BbpsSandboxCall, key: string) {
    return this.log.filter(
      (line) => line.call === call && (call === 'fetch' ? line.billerId : line.reference) === key,
    ).length;
  }

  async check(reference: string) {
    this.log.push({ call: 'status', billerId: null, reference });
    const payment = this.payments.get(reference);
    if (!payment) return undefined;
    payment.statusChecks++;
    return { ...payment };
  }

  async settle(reference: string, to: BbpsSandboxSettlement) {
    const payment = this.payments.get(reference);
    if (payment?.status === 'pending') Object.assign(payment, to);
    return payment && { ...payment };
  }

  async byTxnRefId(txnRefId: string) {
    const found = [...this.payments.values()].find((one) => one.txnRefId === txnRefId);
    return found && { ...found };
  }

  async addComplaint(complaint: NewBbpsSandboxComplaint) {
    const number = String(this.complaints.size + 1).padStart(7, '0');
    const added: BbpsSandboxComplaint = {
      complaintId: `${complaint.idPrefix}${number}`,
      type: complaint.type,
      txnRefId: complaint.txnRefId,
      status: 'logged',
      assignedTo: null,
      remarks: null,
    };
    this.complaints.set(added.complaintId, {
      ...added,
      assignTo: complaint.assignTo,
      resolution: complaint.resolution,
    });
    return added;
  }

  async stepComplaint(complaintId: string) {
    const complaint = this.complaints.get(complaintId);
    if (!complaint) return undefined;
    if (complaint.status === 'logged') {
      Object.assign(complaint, { status: 'assigned', assignedTo: complaint.assignTo });
    } else if (complaint.status === 'assigned') {
      Object.assign(complaint, { status: 'resolved', remarks: complaint.resolution });
    }
    return {
      complaintId: complaint.complaintId,
      type: complaint.type,
      txnRefId: complaint.txnRefId,
      status: complaint.status,
      assignedTo: complaint.assignedTo,
      remarks: complaint.remarks,
    };
  }
}
