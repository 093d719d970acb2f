import { ledgerStream } from '@khata/ledger';
import {
  type CommissionSplit,
  payoutKindOfStream,
  type PaymentMode,
  type Paise,
  type PayoutKind,
  type StreamPrefix,
} from '@khata/domain';

import type { PayoutCommission } from '../commissions/commissions.repository.js';
import { RAIL_IN_FLIGHT, type RailStatus, type RailTransitions } from '../rail/rail-machine.js';
import { RailResolutionRefused } from '../rail/rail-processor.js';

/**
 * A bank payout from the wallet, or an AEPS settlement from the AEPS balance, spelt as the
 * payouts table, the ledger streams and event types keep it (`aeps-settlement`): the log is
 * append-only, so the contract's `PayoutKind` maps onto this spelling, not the other way.
 */
export type StoredPayoutKind = StreamPrefix<PayoutKind>;

/** The record type (`TransactionKind`) of a payout. */
export function payoutKindOf(payout: Pick<Payout, 'kind'>): PayoutKind {
  const kind = payoutKindOfStream(payout.kind);
  if (!kind) throw new Error(`Not a payout kind: ${payout.kind}.`);
  return kind;
}

/** A payout's status: the rail lifecycle's (rail/rail-machine.ts). */
export type PayoutStatus = RailStatus;

/** Where a payout can still go. `reversed` after `processed` is a late return by the bank. */
export const PAYOUT_TRANSITIONS: RailTransitions = {
  queued: ['processing'],
  processing: ['processed', 'failed', 'reversed'],
  processed: ['reversed'],
  failed: [],
  reversed: [],
};

export const IN_FLIGHT = RAIL_IN_FLIGHT;

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
  return ledgerStream(payout.kind, payout.id);
}

/** The job id of a payout's processing job: the business id, as BullMQ wants it. */
export function payoutJobId(payoutId: string): string {
  return `payout-${payoutId}`;
}

/** Who moved a payout on (the rail framework's), kept on each ledger event's metadata. */
export type { Trigger } from '../rail/rail-processor.js';

/** Why a manual resolution of a payout was not applied (`txn`: the payout as it stands). */
export const ResolutionRefused = RailResolutionRefused;
export type ResolutionRefused = RailResolutionRefused<Payout>;
