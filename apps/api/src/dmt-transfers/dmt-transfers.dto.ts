import {
  type Check,
  checkCustomerMessage,
  checkResolveReason,
  DEFAULT_FAILED_CUSTOMER_MESSAGE,
  DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE,
  DmtTransferMessages,
  fail,
  isUuid,
  paiseToRupees,
  pass,
} from '@khata/domain';
import { Allow } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';
import type { DmtTransfer } from './dmt-transfer.js';
import type { DmtTransferListRow } from './dmt-transfers.repository.js';

/**
 * The DMT transfer calls' bodies (issue 25). Fields are only let through here: each handler
 * judges its form whole with libs/domain's checks, so every refusal says the same words.
 */
export class TransferOtpDto {
  @Allow() remitterMobile?: unknown;
  @Allow() beneficiaryId?: unknown;
  @Allow() amount?: unknown;
  @Allow() mode?: unknown;
}

export class TransferDto extends TransferOtpDto {
  @Allow() otp?: unknown;
}

export class TransferIdDto {
  @Allow() transferId?: unknown;
}

export class RefundDto extends TransferIdDto {
  @Allow() otp?: unknown;
}

/**
 * Admin: settles a transfer the provider gives no final answer for (sandbox ending 007), by
 * hand. `processed` needs the UTR; `reason` stays in the audit log; a failed transfer's record
 * shows `customerMessage` and goes to refund pending like any failed transfer.
 */
export class ResolveTransferDto {
  @Satisfies(checkTransferId)
  id!: string;

  @Satisfies(checkResolution)
  status!: 'processed' | 'failed';

  @Satisfies(checkUtr)
  utr?: string;

  /** Internal: the audit log only (issue 23). */
  @Satisfies(checkResolveReason)
  reason!: string;

  /** What a failed transfer's record tells the customer; blank gives the DMT sentence. */
  @Satisfies(checkDmtCustomerMessage)
  customerMessage?: string;
}

/** The payouts' rule, but blank says the DMT sentence: the money is not back by itself. */
function checkDmtCustomerMessage(value: unknown): Check<string> {
  const checked = checkCustomerMessage(value);
  return checked.ok && checked.value === DEFAULT_FAILED_CUSTOMER_MESSAGE
    ? pass(DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE)
    : checked;
}

function checkTransferId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail(DmtTransferMessages.transferIdInvalid);
}

function checkResolution(value: unknown): Check<'processed' | 'failed'> {
  return value === 'processed' || value === 'failed'
    ? pass(value)
    : fail(DmtTransferMessages.resolveStatusInvalid);
}

function checkUtr(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null || value === '') return pass(undefined);
  return typeof value === 'string' && /^[A-Za-z0-9]{6,35}$/.test(value)
    ? pass(value)
    : fail(DmtTransferMessages.resolveUtrInvalid);
}

export class TransfersListDto {
  @Allow() status?: unknown;
  @Allow() page?: unknown;
  @Allow() pageSize?: unknown;
}

/** A transfer as the API answers it: rupees, the UTR, where the money stands. */
export function toDmtTransferRecord(transfer: DmtTransfer) {
  return {
    id: transfer.id,
    orderId: transfer.orderSeq,
    status: transfer.status,
    refundState: transfer.refundState,
    amount: paiseToRupees(transfer.amount),
    fee: paiseToRupees(transfer.fee),
    total: paiseToRupees(transfer.amount + transfer.fee),
    mode: transfer.mode,
    utr: transfer.utr,
    message: transfer.message,
    remitterId: transfer.remitterId,
    beneficiaryId: transfer.beneficiaryId,
    createdAt: transfer.createdAt.toISOString(),
    finishedAt: transfer.finishedAt?.toISOString() ?? null,
    refundedAt: transfer.refundedAt?.toISOString() ?? null,
  };
}

/** A list row: the record, the shop, the remitter and the beneficiary (account masked). */
export function toDmtTransferListRecord(row: DmtTransferListRow) {
  return {
    ...toDmtTransferRecord(row),
    shop: { id: row.userId, name: row.shopName, mobile: row.shopMobile },
    remitter: { mobile: row.remitterMobile, name: row.remitterName },
    beneficiary: { name: row.beneficiaryName, account: `XXXX${row.accountLast4}`, ifsc: row.ifsc },
  };
}
