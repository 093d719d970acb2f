import { ledgerStream } from '@khata/ledger';
import {
  type CommissionSplit,
  type DmtMode,
  type DmtRefundState,
  type Paise,
  streamPrefixOf,
  type TransferProduct,
} from '@khata/domain';
import type { PayoutCommission } from '../commissions/commissions.repository.js';
import type { DmtTransferStatus } from './dmt-transfer-machine.js';

/** One DMT transfer as `dmt_transfers` keeps it (issue 25). Amounts in paise. */
export interface DmtTransfer {
  id: string;
  /** DMT, or PPI money transfer (a DMT transfer from the sender's prepaid wallet). */
  product: TransferProduct;
  /** The shop (retailer) whose wallet pays. */
  userId: string;
  remitterId: string;
  beneficiaryId: string;
  /** The shop's wallet account. */
  accountId: string;
  holdId: string;
  amount: Paise;
  fee: Paise;
  mode: DmtMode;
  status: DmtTransferStatus;
  utr: string | null;
  message: string | null;
  refundState: DmtRefundState;
  /** The hold that keeps a failed transfer's money unspendable until the refund. */
  refundHoldId: string | null;
  refundedAt: Date | null;
  commission: PayoutCommission | null;
  commissionSplit: CommissionSplit | null;
  idempotencyKey: string;
  requestHash: string;
  orderSeq: string;
  sendStartedAt: Date | null;
  sends: number;
  processingRecorded: boolean;
  statusChecks: number;
  lastCheckedAt: Date | null;
  nextCheckAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** What the provider needs to pay the transfer, read with it (the account number opened). */
export interface DmtPayee {
  remitterMobile: string;
  remitterName: string;
  beneficiaryName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
}

/** A transfer as the rail processor works on it: the row and who it pays. */
export type DmtRailTransfer = DmtTransfer & { payee: DmtPayee };

export const DMT_STREAM_PREFIX = streamPrefixOf('dmt');

/** The ledger stream of a transfer: every state change (and the refund) is an event on it. */
export function dmtTransferStream(transfer: Pick<DmtTransfer, 'id'>): string {
  return ledgerStream(DMT_STREAM_PREFIX, transfer.id);
}

/** The job id of a transfer's processing job: the business id, as BullMQ wants it. */
export function dmtTransferJobId(transferId: string): string {
  return `dmt-${transferId}`;
}
