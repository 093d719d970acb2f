import type { TFunction } from 'i18next';
import { maskedParam } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import type { ReceiptCopy, ReceiptLine } from '../transactions/receipt';
import type { BbpsPaymentDto } from './api';
import { inFlight } from './format';
import { billDate } from './words';

/** A BBPS receipt as printed: the headline, the big figure (the total paid), the lines. */
export interface BbpsReceiptView {
  failed: boolean;
  headline: string;
  /** Why it failed (the money was released), or that it is pending. */
  detail: string | null;
  total: string;
  lines: ReceiptLine[];
}

/**
 * A bill payment as its BBPS receipt reads (issue 27: biller, customer, bill details, amount,
 * CCF, BBPS reference, approval number, IST time). Both copies show the CCF and the total: the
 * customer pays the fee at the counter. The shop's copy adds what the shop earns and our
 * reference. The customer's parameters are masked again here (a card's last four only). The
 * parameters' names are the biller's, shown as it sends them; the rest is in the reader's language.
 */
export function readBbpsReceipt(
  p: BbpsPaymentDto,
  copy: ReceiptCopy,
  t: TFunction<'bbps'>,
): BbpsReceiptView {
  const failed = p.status === 'failed';
  const pending = inFlight(p.status);
  const shop = copy === 'shop';
  const lines: (ReceiptLine | null)[] = [
    { label: t('receipt.line.time'), value: formatDateTime(p.createdAt) },
    { label: t('receipt.line.biller'), value: p.billerName ?? p.billerId },
    { label: t('receipt.line.category'), value: p.categoryName ?? p.categoryCode },
    p.customerName ? { label: t('receipt.line.customerName'), value: p.customerName } : null,
    ...p.params.map((param) => ({
      label: param.name,
      value: maskedParam(param.name, param.value),
    })),
    { label: t('receipt.line.customerMobile'), value: p.customerMobile },
    p.billNumber ? { label: t('receipt.line.billNumber'), value: p.billNumber } : null,
    p.billDate ? { label: t('receipt.line.billDate'), value: billDate(p.billDate) } : null,
    p.dueDate ? { label: t('receipt.line.dueDate'), value: billDate(p.dueDate) } : null,
    p.billPeriod ? { label: t('receipt.line.billPeriod'), value: p.billPeriod } : null,
    { label: t('receipt.line.billAmount'), value: formatRupees(p.amount) },
    { label: t('receipt.line.ccf'), value: formatRupees(p.ccf) },
    { label: t('receipt.line.total'), value: formatRupees(p.total) },
    { label: t('receipt.line.bbpsReference'), value: p.bbpsReference ?? '—' },
    { label: t('receipt.line.approval'), value: p.approvalRef ?? '—' },
    shop && p.status === 'processed' && p.commission !== null
      ? { label: t('receipt.line.commission'), value: formatRupees(p.commission) }
      : null,
    shop ? { label: t('receipt.line.refId'), value: p.refId } : null,
  ];
  return {
    failed,
    headline: failed
      ? t('receipt.headline.failed')
      : pending
        ? t('receipt.headline.pending')
        : t('receipt.headline.paid'),
    detail: failed || pending ? p.message : null,
    total: formatRupees(p.total),
    lines: lines.filter((line): line is ReceiptLine => line !== null),
  };
}
