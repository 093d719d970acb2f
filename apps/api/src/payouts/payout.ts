import type { PaymentMode, Paise } from '@khata/domain';

/** A bank payout from the wallet, or an AEPS settlement from the AEPS balance. */
export type PayoutKind = 'payout' | 'aeps-settlement';

export type PayoutStatus = 'queued' | 'processing' | 'processed' | 'failed' | 'reversed';

/** Where a payout can still go. `reversed` after `processed` is a late return by the bank. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  queued: ['processing'],
  processing: ['processed', 'failed', 'reversed'],
  processed: ['reversed'],
  failed: [],
  reversed: [],
};

export const IN_FLIGHT: readonly PayoutStatus[] = ['queued', 'processing'];

/** One payout as the payouts table keeps it. Amounts in paise. */
export interface Payout {
  id: string;
  kind: PayoutKind;
  userId: string;
  unlimited: boolean;
  /** The ledger account the money leaves: the wallet, or the AEPS account. */
  accountId: string;
  holdId: string;
  beneficiaryId: string | null;
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
  bankName: string | null;
  paymentMode: PaymentMode;
  amount: Paise;
  fee: Paise;
  status: PayoutStatus;
  idempotencyKey: string;
  requestHash: string;
  remitterMobile: string | null;
  /** The ledger seq of `payout.requested`: the readable order id is made from it. */
  orderSeq: string;
  utr: string | null;
  message: string | null;
  sendStartedAt: Date | null;
  sends: number;
  statusChecks: number;
  lastCheckedAt: Date | null;
  nextCheckAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** The ledger stream of a payout: every state change is an event on it. */
export function payoutStream(payout: Pick<Payout, 'id' | 'kind'>): string {
  return `${payout.kind}:${payout.id}`;
}

/** The job id of a payout's processing job: the business id, as BullMQ wants it. */
export function payoutJobId(payoutId: string): string {
  return `payout-${payoutId}`;
}
