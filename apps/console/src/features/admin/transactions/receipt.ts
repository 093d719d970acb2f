import type { TFunction } from 'i18next';
import { maskAccountNumber } from '@khata/domain';
import { amountInWords } from '../../../i18n/amountInWords';
import { formatMoney } from '../../../i18n/format';
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
const HEADLINES = {
  success: 'receipt.headline.success',
  processed: 'receipt.headline.processed',
  queued: 'receipt.headline.waiting',
  processing: 'receipt.headline.waiting',
  other: 'receipt.headline.receipt',
} as const;

function headlineOf(status: string): keyof typeof HEADLINES {
  return status !== 'other' && Object.hasOwn(HEADLINES, status)
    ? (status as keyof typeof HEADLINES)
    : 'other';
}

/**
 * Reads a transaction record for the receipt. Receipts read many alternative fields (spec §3):
 * the amount is `amount.amount` or `txnValue`, the date `createdAt` or `timestamp`, the
 * reason `message` or `result.message`; whatever is missing is left out, never made up.
 */
export function readReceipt(
  record: TransactionRecord,
  copy: ReceiptCopy,
  t: TFunction<'transactions'>,
): ReceiptView {
  const loose = record as unknown as Record<string, unknown>;
  const data = record.payload?.data ?? {};
  const status = String(record.status ?? loose.txnStatus ?? '');
  const failed = isFailedStatus(status);
  const amountValue = record.amount?.amount ?? loose.txnValue;
  const reason =
    text(record.message) ?? text((loose.result as { message?: unknown } | undefined)?.message);
  const words = amountInWords(amountValue);
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
    line(t('receipt.line.orderId'), record.payload?.orderID),
    // A PPI transfer is a DMT record paid from the customer's prepaid wallet (`data.product`).
    line(
      t('receipt.line.type'),
      customerPays && data.product === 'ppi'
        ? t('receipt.ppiTransfer')
        : record.type
          ? typeLabel(record.type)
          : undefined,
    ),
    // India's time, said so: a printed receipt travels (a remitter's family abroad reads it).
    line(t('receipt.line.dateTime'), formatDateTime(record.createdAt ?? loose.timestamp)),
    customerPays ? line(t('receipt.line.remitter'), data.remitterName) : null,
    customerPays
      ? line(t('receipt.line.remitterMobile'), record.remitterMobile ?? loose.remitterMobile)
      : null,
    credit
      ? line(t('receipt.line.receivedFrom'), other.name)
      : line(t('receipt.line.beneficiary'), data.beneficiaryName),
    credit ? line(t('receipt.line.senderMobile'), other.reference) : null,
    // Masked again here: an older answer may carry the whole number.
    line(t('receipt.line.accountNumber'), account ? maskAccountNumber(account) : undefined),
    line(t('receipt.line.ifsc'), data.beneficiaryIfscCode),
    line(t('receipt.line.bank'), data.bankName),
    line(t('receipt.line.paymentMode'), data.paymentMode),
    credit ? null : line(t('receipt.line.mobileNumber'), data.beneficiaryMobile),
    line(t('receipt.line.remarks'), data.remark),
    showFee
      ? {
          label: customerPays ? t('receipt.line.feeCharged') : t('receipt.line.fee'),
          value: formatMoney(fee),
        }
      : null,
    showFee && principal !== undefined && !credit
      ? {
          label:
            customerPays && !shopCopy
              ? t('receipt.line.totalPaid')
              : t('receipt.line.totalDebited'),
          value: formatMoney(principal + fee),
        }
      : null,
    line(t('receipt.line.transactionReference'), record.txnReferenceId),
    line(t('receipt.line.bankReference'), record.externalRef),
    shopCopy && !customerPays
      ? line(t('receipt.line.remitterMobile'), record.remitterMobile ?? loose.remitterMobile)
      : null,
    shopCopy && record.balanceAfter !== undefined && record.balanceAfter !== null
      ? { label: t('receipt.line.balanceAfter'), value: formatRupees(record.balanceAfter) }
      : null,
  ];

  return {
    failed,
    headline: failed
      ? t('receipt.headline.failed')
      : credit
        ? t('receipt.headline.received')
        : t(HEADLINES[headlineOf(status)]),
    detail: reason ?? null,
    status,
    amount: formatRupees(amountValue),
    amountInWords: words.ok ? t('receipt.amountInWords', { words: words.value }) : null,
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
