import type { TFunction } from 'i18next';
import { AEPS_MONEY_KINDS, maskAadhaar, type AepsKind } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import type { ReceiptCopy, ReceiptLine } from '../transactions/receipt';
import type { AepsTransaction } from './api';
import { inFlight } from './format';
import { reversalWords } from './reversal';

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

/** The headline of a receipt the bank answered, by kind. */
const DONE_KEYS = {
  withdrawal: 'receipt.done.withdrawal',
  balance: 'receipt.done.balance',
  statement: 'receipt.done.statement',
  aadhaarPay: 'receipt.done.aadhaarPay',
} as const satisfies Record<AepsKind, string>;

/**
 * An AEPS transaction as its receipt reads. The customer's copy is what the shop hands over:
 * the kind, the bank, the masked Aadhaar, the RRN, the amount and the balance the bank
 * reported. The shop's copy adds what the shop earned or paid (commission, TDS, Aadhaar Pay's
 * fee) and what its AEPS balance received.
 */
export function readAepsReceipt(
  t: AepsTransaction,
  copy: ReceiptCopy,
  say: TFunction<'aeps-counter'>,
  kindLabel: (kind: AepsKind) => string,
): AepsReceiptView {
  const failed = t.status === 'failed';
  const money = AEPS_MONEY_KINDS.includes(t.kind);
  const shop = copy === 'shop';
  const pending = inFlight(t.status);
  const lines: (ReceiptLine | null)[] = [
    { label: say('receipt.lines.type'), value: kindLabel(t.kind) },
    { label: say('receipt.lines.time'), value: formatDateTime(t.createdAt) },
    { label: say('receipt.lines.bank'), value: t.bankName },
    // Masked again here: the API answers it masked, and a receipt must never show more.
    { label: say('receipt.lines.aadhaar'), value: maskAadhaar(t.aadhaar) },
    { label: say('receipt.lines.mobile'), value: t.mobile },
    t.rrn ? { label: say('receipt.lines.rrn'), value: t.rrn } : null,
    money && t.balance !== null
      ? { label: say('receipt.lines.balanceAfter'), value: formatRupees(t.balance) }
      : null,
    shop && t.kind === 'withdrawal' && !failed
      ? { label: say('receipt.lines.commission'), value: formatRupees(t.commission) }
      : null,
    shop && t.kind === 'withdrawal' && !failed && t.tds > 0
      ? { label: say('receipt.lines.tds'), value: formatRupees(t.tds) }
      : null,
    shop && t.kind === 'aadhaarPay' && !failed
      ? { label: say('receipt.lines.aadhaarPayFee'), value: formatRupees(t.merchantFee) }
      : null,
    shop && money && t.status === 'processed'
      ? { label: say('receipt.lines.credited'), value: formatRupees(t.credited) }
      : null,
    shop ? { label: say('receipt.lines.id'), value: t.id } : null,
  ];
  const enquiry = !money && t.balance !== null;
  return {
    failed,
    headline: failed
      ? say('receipt.failed')
      : pending
        ? say('receipt.pending')
        : say(DONE_KEYS[t.kind]),
    detail: reversalWords(t, say) ?? (failed || pending ? t.message : null),
    figure: money ? formatRupees(t.amount) : enquiry ? formatRupees(t.balance) : null,
    figureLabel: money ? null : enquiry ? say('receipt.accountBalance') : null,
    lines: lines.filter((line): line is ReceiptLine => line !== null),
  };
}
