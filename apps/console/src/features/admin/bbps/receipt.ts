import { maskedParam } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import type { ReceiptCopy, ReceiptLine } from '../transactions/receipt';
import type { BbpsPaymentDto } from './api';
import { formatBillDate, inFlight } from './format';

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
 * reference. The customer's parameters are masked again here (a card's last four only).
 */
export function readBbpsReceipt(p: BbpsPaymentDto, copy: ReceiptCopy): BbpsReceiptView {
  const failed = p.status === 'failed';
  const pending = inFlight(p.status);
  const shop = copy === 'shop';
  const lines: (ReceiptLine | null)[] = [
    { label: 'Date and time (IST)', value: formatDateTime(p.createdAt) },
    { label: 'Biller', value: p.billerName ?? p.billerId },
    { label: 'Category', value: p.categoryName ?? p.categoryCode },
    p.customerName ? { label: 'Customer name', value: p.customerName } : null,
    ...p.params.map((param) => ({
      label: param.name,
      value: maskedParam(param.name, param.value),
    })),
    { label: 'Customer mobile', value: p.customerMobile },
    p.billNumber ? { label: 'Bill number', value: p.billNumber } : null,
    p.billDate ? { label: 'Bill date', value: formatBillDate(p.billDate) } : null,
    p.dueDate ? { label: 'Due date', value: formatBillDate(p.dueDate) } : null,
    p.billPeriod ? { label: 'Bill period', value: p.billPeriod } : null,
    { label: 'Bill amount', value: formatRupees(p.amount) },
    { label: 'Customer convenience fee (CCF)', value: formatRupees(p.ccf) },
    { label: 'Total paid', value: formatRupees(p.total) },
    { label: 'BBPS reference', value: p.bbpsReference ?? '—' },
    { label: 'Approval number', value: p.approvalRef ?? '—' },
    shop && p.status === 'processed' && p.commission !== null
      ? { label: 'Your commission (gross)', value: formatRupees(p.commission) }
      : null,
    shop ? { label: 'Reference ID', value: p.refId } : null,
  ];
  return {
    failed,
    headline: failed ? 'Payment failed' : pending ? 'Waiting for Bharat BillPay' : 'Bill paid',
    detail: failed || pending ? p.message : null,
    total: formatRupees(p.total),
    lines: lines.filter((line): line is ReceiptLine => line !== null),
  };
}
