import type { Tx } from '../../database/unit-of-work.js';
import type { BbpsPayment } from '../bbps-payment.js';
import type { BbpsRowChange } from '../bbps-payments.repository.js';

/**
 * `bbps_payments` in memory for the bill payment machine's property test
 * (scripted-bbps-rail.ts): BbpsPaymentsRepository's statements, each atomic after a scheduling
 * point, and a queued payment. Test code: not built into the API.
 */

/** One lock, taken in turn: the row lock a transaction (or an UPDATE) holds until it ends. */
class RowLock {
  private tail: Promise<void> = Promise.resolve();

  async hold<T>(work: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((done) => (release = done));
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/**
 * `bbps_payments` in memory with BbpsPaymentsRepository's statements, each one atomic after a
 * scheduling point; every status the row took is kept in order.
 */
export class MemoryPayments {
  readonly statuses: BbpsPayment['status'][];
  readonly lock = new RowLock();
  readonly rail = {
    claimSend: (_id: string, previous: Date | null, at: Date) =>
      this.lock.hold(async () => {
        await this.point('claimSend');
        const { status, sendStartedAt, sends } = this.row;
        if (status !== 'processing' || sendStartedAt?.getTime() !== previous?.getTime()) {
          return false;
        }
        this.row = { ...this.row, sendStartedAt: at, sends: sends + 1, updatedAt: at };
        return true;
      }),
  };

  constructor(
    private row: BbpsPayment,
    private readonly point: (label: string) => Promise<void>,
  ) {
    this.statuses = [row.status];
  }

  async find(): Promise<BbpsPayment> {
    await this.point('find');
    return this.current();
  }

  /** The row now, outside any caller's run. */
  current(): BbpsPayment {
    return { ...this.row };
  }

  start(_id: string, at: Date, nextCheckAt: Date | null): Promise<boolean> {
    return this.lock.hold(async () => {
      await this.point('start');
      if (this.row.status !== 'queued') return false;
      this.row = {
        ...this.row,
        status: 'processing',
        sendStartedAt: at,
        sends: this.row.sends + 1,
        updatedAt: at,
        nextCheckAt,
      };
      this.statuses.push('processing');
      return true;
    });
  }

  async move(_tx: Tx, _id: string, change: BbpsRowChange): Promise<BbpsPayment | undefined> {
    await this.point('move');
    const row = this.row;
    if (row.status !== change.from) return undefined;
    if (
      change.sendStartedAt !== undefined &&
      row.sendStartedAt?.getTime() !== change.sendStartedAt?.getTime()
    ) {
      return undefined;
    }
    const terminal = change.to === 'processed' || change.to === 'failed';
    this.row = {
      ...row,
      status: change.to,
      updatedAt: change.at,
      bbpsReference: change.bbpsReference ?? row.bbpsReference,
      approvalRef: change.approvalRef ?? row.approvalRef,
      message: change.message ?? row.message,
      finishedAt: terminal ? (row.finishedAt ?? change.at) : row.finishedAt,
      nextCheckAt: change.nextCheckAt ?? null,
      processingRecorded: row.processingRecorded || change.to === 'processing',
    };
    this.statuses.push(change.to);
    return { ...this.row };
  }

  async noteStatusCheck(_tx: Tx, _id: string, at: Date, nextCheckAt: Date | null) {
    await this.point('noteStatusCheck');
    const before = { ...this.row };
    this.row = {
      ...this.row,
      statusChecks: this.row.statusChecks + 1,
      lastCheckedAt: at,
      nextCheckAt,
      processingRecorded: this.row.processingRecorded || this.row.status === 'processing',
    };
    return before;
  }

  async recordSplit(): Promise<void> {}
}

/** A queued payment, as the counter wrote it (its hold placed) just before its first advance. */
export function queued(at: Date): BbpsPayment {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    userId: 'shop-1',
    billerId: 'DHBVN0000HAR01',
    categoryCode: 'electricity',
    params: { 'Account Number': '1234567800', 'Mobile Number': '9812345678' },
    customerMobile: '9812345678',
    fetchId: null,
    fetchRef: 'F1',
    customerName: 'Asha Devi',
    billNumber: 'B1',
    billDate: null,
    dueDate: null,
    billPeriod: null,
    billKey: 'k',
    amount: 1_234_56,
    ccf: 5_00,
    refId: 'R'.repeat(35),
    agent: {
      terminalId: 'T1',
      mobile: '9812345678',
      geocode: '28.4595,77.0266',
      postalCode: '122001',
    },
    accountId: 'shop-1:wallet',
    holdId: 'hold-1',
    status: 'queued',
    bbpsReference: null,
    approvalRef: null,
    message: null,
    commission: null,
    commissionSplit: null,
    idempotencyKey: 'i',
    requestHash: 'h',
    sendStartedAt: null,
    sends: 0,
    processingRecorded: false,
    statusChecks: 0,
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
  };
}
