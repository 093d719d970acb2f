import { AEPS_KIND_LABELS, AEPS_MONEY_KINDS, maskAadhaar, type AepsKind } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import type { ReceiptCopy, ReceiptLine } from '../transactions/receipt';
import type { AepsTransaction } from './api';
import { inFlight, reversalText } from './format';

/** An AEPS receipt as printed: the headline, the big figure, the lines. */
export interface AepsReceiptView {
  failed: boolean;
  headline: string;
  /** Why it failed, that the bank reverses a debit, or that it is pending. */
  detail: string | null;
  /** The big figure: the amount, or the customer's balance for an enquiry. */
  figure: string | null;
  figureLabel: string | null;
  lines: ReceiptLine[];
}

const DONE: Record<AepsKind, string> = {
  withdrawal: 'Cash withdrawn',
  balance: 'Balance enquiry',
  statement: 'Mini statement',
  aadhaarPay: 'Paid to the shop',
};

/**
 * An AEPS transaction as its receipt reads. The customer's copy is what the shop hands over:
 * the kind, the bank, the masked Aadhaar, the RRN, the amount and the balance the bank
 * reported. The shop's copy adds what the shop earned or paid (commission, TDS, Aadhaar Pay's
 * fee) and what its AEPS balance received.
 */
export function readAepsReceipt(t: AepsTransaction, copy: ReceiptCopy): AepsReceiptView {
  const failed = t.status === 'failed';
  const money = AEPS_MONEY_KINDS.includes(t.kind);
  const shop = copy === 'shop';
  const pending = inFlight(t.status);
  const lines: (ReceiptLine | null)[] = [
    { label: 'Type', value: AEPS_KIND_LABELS[t.kind] ?? t.kind },
    { label: 'Date and time (IST)', value: formatDateTime(t.createdAt) },
    { label: 'Bank', value: t.bankName },
    // Masked again here: the API answers it masked, and a receipt must never show more.
    { label: 'Aadhaar', value: maskAadhaar(t.aadhaar) },
    { label: 'Customer mobile', value: t.mobile },
    t.rrn ? { label: 'Bank reference (RRN)', value: t.rrn } : null,
    money && t.balance !== null
      ? { label: 'Account balance after', value: formatRupees(t.balance) }
      : null,
    shop && t.kind === 'withdrawal' && !failed
      ? { label: 'Commission to wallet (net of TDS)', value: formatRupees(t.commission) }
      : null,
    shop && t.kind === 'withdrawal' && !failed && t.tds > 0
      ? { label: 'TDS', value: formatRupees(t.tds) }
      : null,
    shop && t.kind === 'aadhaarPay' && !failed
      ? { label: 'Aadhaar Pay fee', value: formatRupees(t.merchantFee) }
      : null,
    shop && money && t.status === 'processed'
      ? { label: 'Credited to AEPS balance', value: formatRupees(t.credited) }
      : null,
    shop ? { label: 'Transaction ID', value: t.id } : null,
  ];
  const enquiry = !money && t.balance !== null;
  return {
    failed,
    headline: failed ? 'Transaction Failed' : pending ? 'Waiting for the bank' : DONE[t.kind],
    detail: reversalText(t) ?? (failed || pending ? t.message : null),
    figure: money ? formatRupees(t.amount) : enquiry ? formatRupees(t.balance) : null,
    figureLabel: money ? null : enquiry ? 'Account balance' : null,
    lines: lines.filter((line): line is ReceiptLine => line !== null),
  };
}
