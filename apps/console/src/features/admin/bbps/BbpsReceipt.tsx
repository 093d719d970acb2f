import { Tag } from 'antd';
import type { ReceiptCopy, ReceiptShop } from '../transactions/receipt';
import { ReceiptBrand } from '../transactions/ReceiptBrand';
import { ReceiptQr } from '../transactions/ReceiptQr';
import type { BbpsPaymentDto } from './api';
import { bbpsStatus } from './format';
import { readBbpsReceipt } from './receipt';
import '../transactions/receipt.css';
import './bbps.css';

export interface BbpsReceiptProps {
  payment: BbpsPaymentDto;
  copy: ReceiptCopy;
  shop: ReceiptShop;
}

/**
 * The printable BBPS receipt of one bill payment, in the transaction receipt's layout and print
 * styles (receipt.css: A4, and the 58 mm roll), with the QR check of its transaction record.
 * The Bharat BillPay mark has its place (a text block and an empty box): we hold no licence to
 * the B-mark logo, and a made-up one would be worse than none.
 */
export function BbpsReceipt({ payment, copy, shop }: BbpsReceiptProps) {
  const receipt = readBbpsReceipt(payment, copy);
  const status = bbpsStatus(payment.status);
  return (
    <article
      className={`receipt bbps-receipt${receipt.failed ? ' receipt--failed' : ''}`}
      aria-label={copy === 'customer' ? 'Customer copy' : 'Shop copy'}
      data-copy={copy}
    >
      <ReceiptBrand shop={shop} copy={copy} kind="Bill payment" />
      <div className="bbps-mark" data-testid="bbps-mark">
        <span className="bbps-mark__logo" aria-hidden="true" />
        <span className="bbps-mark__text">Bharat BillPay</span>
      </div>

      <div className="receipt__status">
        <p className="receipt__headline" data-testid="receipt-headline">
          {receipt.headline}
        </p>
        <Tag color={status.color} data-testid="receipt-status">
          {status.label}
        </Tag>
        {receipt.detail && <p className="receipt__detail">{receipt.detail}</p>}
      </div>

      <p className="receipt__amount" data-testid="receipt-amount">
        {receipt.total}
      </p>

      <dl className="receipt__lines">
        {receipt.lines.map((line) => (
          <div key={line.label} className="receipt__line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <ReceiptQr recordId={payment.recordId} />
      <p className="receipt__footer">
        This is a computer-generated receipt and needs no signature.
      </p>
    </article>
  );
}
