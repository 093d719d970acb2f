import {
  type CommissionSplit,
  streamPrefixOf,
  type PaymentMode,
  type Paise,
  type PayoutKind,
  type StreamPrefix,
} from '@khata/domain';

import type { PayoutCommission } from '../commissions/commissions.repository.js';

/**
 * A bank payout from the wallet, or an AEPS settlement from the AEPS balance, spelt as the
 * payouts table, the ledger streams and event types keep it (`aeps-settlement`): the log is
 * append-only, so the contract's `PayoutKind` maps onto this spelling, not the other way.
 */
export type StoredPayoutKind = StreamPrefix<PayoutKind>;

/** The record type (`TransactionKind`) of a payout. */
export function payoutKindOf(payout: Pick<Payout, 'kind'>): PayoutKind {
  return payout.kind === streamPrefixOf('payout') ? 'payout' : 'aepsSettlement';
}

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
  kind: StoredPayoutKind;
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
  /** The scheme's shares, snapshotted at request (null before issue 13 or with no scheme). */
  commission: PayoutCommission | null;
  /** The split posted at `processed`; a return reverses exactly it. */
  commissionSplit: CommissionSplit | null;
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
  /**
   * Whether the `processing` event is on the ledger. A payout the send's answer settles at
   * once never gets one (its final event carries `sentAt`); one still processing after its
   * send gets it at its first recheck (payout-processor.ts).
   */
  processingRecorded: boolean;
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

/** Who moved a payout on, kept on each ledger event's metadata. */
export type Trigger =
  | { by: 'worker'; jobId: string; attempt: number }
  | { by: 'sweep' }
  | { by: 'admin'; adminId: string; requestId: string | null }
  | { by: 'webhook'; eventId: string };

/** Why a manual resolution was not applied. */
export class ResolutionRefused extends Error {
  override readonly name = 'ResolutionRefused';

  constructor(
    readonly reason: 'not-processing' | 'send-in-flight' | 'changed',
    readonly payout: Payout,
  ) {
    super(reason);
  }
}
