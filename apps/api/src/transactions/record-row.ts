import type { TransactionStatus } from '@khata/domain';
import {
  toTransactionRecord,
  type RecordSource,
  type TransactionRecord,
} from './transaction-record.js';

/** A row of `transaction_records`, as the pool gives it (int8 as exact numbers: khataTypes). */
export interface RecordRow {
  record_id: string;
  user_id: string;
  type: string;
  status: TransactionStatus;
  direction: 'debit' | 'credit';
  amount: number;
  fee: number;
  details: Record<string, unknown>;
  remitter_mobile: string | null;
  external_ref: string | null;
  message: string | null;
  opened_seq: number;
  balance_after: number | null;
  created_at: Date;
  updated_at: Date;
}

export const RECORD_COLUMNS = `record_id, user_id, type, status, direction, amount, fee, details,
  remitter_mobile, external_ref, message, opened_seq, balance_after, created_at, updated_at`;

/** A read-model row as the one record mapper takes it. */
export function recordSourceOfRow(row: RecordRow): RecordSource {
  return {
    id: row.record_id,
    type: row.type,
    status: row.status,
    direction: row.direction,
    amount: row.amount,
    fee: row.fee,
    details: row.details,
    remitterMobile: row.remitter_mobile,
    externalRef: row.external_ref,
    message: row.message,
    openedSeq: String(row.opened_seq),
    balanceAfter: row.balance_after,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function recordOfRow(row: RecordRow): TransactionRecord {
  return toTransactionRecord(recordSourceOfRow(row));
}
