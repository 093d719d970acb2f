import { amountToWords, formatPaise } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees, paiseOf } from '../common/money';
import type { TransactionRecord } from './api';
import { isFailedStatus, statusLabel, typeLabel } from './labels';

export interface ReceiptLine {
  label: string;
  value: string;
}

/** A receipt as it is printed: a heading, the status, the amount and the lines below it. */
export interface ReceiptView {
  failed: boolean;
  /** "Transaction Failed" with the status or the reason (spec §8), else the status. */
  headline: string;
  detail: string | null;
  status: string;
  amount: string;
  amountInWords: string | null;
  lines: ReceiptLine[];
}

/**
 * Reads a transaction record for the receipt. Receipts read many alternative fields (spec §3):
 * the amount is `amount.amount` or `txnValue`, the date `createdAt` or `timestamp`, the
 * reason `message` or `result.message`; whatever is missing is left out, never made up.
 */
export function readReceipt(record: TransactionRecord): ReceiptView {
  const loose = record as unknown as Record<string, unknown>;
  const data = record.payload?.data ?? {};
  const status = String(record.status ?? loose.txnStatus ?? '');
  const failed = isFailedStatus(status);
  const amountValue = record.amount?.amount ?? loose.txnValue;
  const reason =
    text(record.message) ?? text((loose.result as { message?: unknown } | undefined)?.message);
  const words = amountToWords(amountValue);
  const fee = paiseOf(record.fee);
  const principal = paiseOf(amountValue);

  const lines: (ReceiptLine | null)[] = [
    line('Order ID', record.payload?.orderID),
    line('Type', record.type ? typeLabel(record.type) : undefined),
    line('Date', formatDateTime(record.createdAt ?? loose.timestamp)),
    line('Beneficiary', data.beneficiaryName),
    line('Account number', data.beneficiaryAccountNumber),
    line('IFSC', data.beneficiaryIfscCode),
    line('Bank', data.bankName),
    line('Payment mode', data.paymentMode),
    line('Mobile number', data.beneficiaryMobile),
    line('Remitter mobile', record.remitterMobile ?? loose.remitterMobile),
    line('Remarks', data.remark),
    fee !== undefined && fee > 0 ? { label: 'Fee', value: formatPaise(fee) } : null,
    fee !== undefined && fee > 0 && principal !== undefined && record.direction !== 'credit'
      ? { label: 'Total debited', value: formatPaise(principal + fee) }
      : null,
    line('Transaction reference', record.txnReferenceId),
    line('Bank reference (UTR)', record.externalRef),
    record.balanceAfter !== undefined && record.balanceAfter !== null
      ? { label: 'Balance after', value: formatRupees(record.balanceAfter) }
      : null,
  ];

  return {
    failed,
    headline: failed ? 'Transaction Failed' : statusLabel(status),
    detail: failed ? (reason ?? statusLabel(status)) : (reason ?? null),
    status,
    amount: formatRupees(amountValue),
    amountInWords: words.ok ? `Rupees ${words.value} only` : null,
    lines: lines.filter((entry): entry is ReceiptLine => entry !== null),
  };
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function line(label: string, value: unknown): ReceiptLine | null {
  const shown = text(value);
  return shown === undefined || shown === '—' ? null : { label, value: shown };
}
