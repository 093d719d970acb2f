import {
  amountToWords,
  formatPaise,
  maskAccountNumber,
  TRANSFER_PRODUCT_INFO,
} from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees, paiseOf } from '../common/money';
import type { TransactionRecord } from '@khata/domain';
import { isFailedStatus, typeLabel } from './labels';

export interface ReceiptLine {
  label: string;
  value: string;
}

/**
 * Who a receipt is for. The customer's copy is what the shop hands over: the shop, the
 * payment and its status, nothing of the shop's own account. The shop's copy adds Khata's fee,
 * the total taken from the wallet and the wallet balance after.
 */
export type ReceiptCopy = 'customer' | 'shop';

/** The shop that made the payment, printed at the top of every copy. */
export interface ReceiptShop {
  name: string;
  phone: string | null;
}

/** A receipt as it is printed: a heading, the status, the amount and the lines below it. */
export interface ReceiptView {
  failed: boolean;
  /** What happened, in words: "Paid to the bank", or "Transaction Failed" (spec §8). */
  headline: string;
  detail: string | null;
  /** The record's status, shown once (as a tag beside the headline). */
  status: string;
  amount: string;
  amountInWords: string | null;
  lines: ReceiptLine[];
}

/** The headline of a receipt that did not fail: what the status means for the customer. */
const HEADLINES: Record<string, string> = {
  success: 'Payment successful',
  processed: 'Paid to the bank',
  queued: 'Waiting for the bank',
  processing: 'Waiting for the bank',
};

/**
 * Reads a transaction record for the receipt. Receipts read many alternative fields (spec §3):
 * the amount is `amount.amount` or `txnValue`, the date `createdAt` or `timestamp`, the
 * reason `message` or `result.message`; whatever is missing is left out, never made up.
 */
export function readReceipt(record: TransactionRecord, copy: ReceiptCopy = 'shop'): ReceiptView {
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
  const credit = record.direction === 'credit';
  const other = record.counterparty;
  const account = text(data.beneficiaryAccountNumber);
  const shopCopy = copy === 'shop';
  // Issue 25: a DMT customer pays the fee at the counter, so their copy shows it, and who sent.
  const customerPays = record.type === 'dmt';
  const showFee = (shopCopy || customerPays) && fee !== undefined && fee > 0;

  const lines: (ReceiptLine | null)[] = [
    line('Order ID', record.payload?.orderID),
    // A PPI transfer is a DMT record paid from the customer's prepaid wallet (`data.product`).
    line(
      'Type',
      customerPays && data.product === 'ppi'
        ? TRANSFER_PRODUCT_INFO.ppi.label
        : record.type
          ? typeLabel(record.type)
          : undefined,
    ),
    // India's time, said so: a printed receipt travels (a remitter's family abroad reads it).
    line('Date and time (IST)', formatDateTime(record.createdAt ?? loose.timestamp)),
    customerPays ? line('Remitter', data.remitterName) : null,
    customerPays ? line('Remitter mobile', record.remitterMobile ?? loose.remitterMobile) : null,
    credit ? line('Received from', other.name) : line('Beneficiary', data.beneficiaryName),
    credit ? line('Sender mobile', other.reference) : null,
    // Masked again here: an older answer may carry the whole number.
    line('Account number', account ? maskAccountNumber(account) : undefined),
    line('IFSC', data.beneficiaryIfscCode),
    line('Bank', data.bankName),
    line('Payment mode', data.paymentMode),
    credit ? null : line('Mobile number', data.beneficiaryMobile),
    line('Remarks', data.remark),
    showFee ? { label: customerPays ? 'Fee charged' : 'Fee', value: formatPaise(fee) } : null,
    showFee && principal !== undefined && !credit
      ? {
          label: customerPays && !shopCopy ? 'Total paid' : 'Total debited',
          value: formatPaise(principal + fee),
        }
      : null,
    line('Transaction reference', record.txnReferenceId),
    line('Bank reference (UTR)', record.externalRef),
    shopCopy && !customerPays
      ? line('Remitter mobile', record.remitterMobile ?? loose.remitterMobile)
      : null,
    shopCopy && record.balanceAfter !== undefined && record.balanceAfter !== null
      ? { label: 'Wallet balance after', value: formatRupees(record.balanceAfter) }
      : null,
  ];

  return {
    failed,
    headline: failed
      ? 'Transaction Failed'
      : credit
        ? 'Money received'
        : (HEADLINES[status] ?? 'Transaction receipt'),
    detail: reason ?? null,
    status,
    amount: formatRupees(amountValue),
    amountInWords: words.ok ? `Rupees ${words.value} only` : null,
    lines: lines.filter((entry): entry is ReceiptLine => entry !== null),
  };
}

/** The shop at the top of a receipt: its shop name (or the owner's name) and phone. */
export function shopOf(profile: {
  name: string;
  phoneNumber?: string | null;
  companyDetails?: { shopName: string | null } | null;
}): ReceiptShop {
  return {
    name: text(profile.companyDetails?.shopName) ?? profile.name,
    phone: text(profile.phoneNumber) ?? null,
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
