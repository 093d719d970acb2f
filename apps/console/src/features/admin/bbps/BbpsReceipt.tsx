import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReceiptCopy, ReceiptShop } from '../transactions/receipt';
import { ReceiptBrand } from '../transactions/ReceiptBrand';
import { ReceiptQr } from '../transactions/ReceiptQr';
import type { BbpsPaymentDto } from './api';
import { readBbpsReceipt } from './receipt';
import { bbpsStatus } from './words';
import '../transactions/receipt.css';
import './bbps.css';

/** NPCI's brand, printed as it is in every language (the mark's words, not a text of ours). */
const BHARAT_BILLPAY = 'Bharat BillPay';

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
  const { t } = useTranslation('bbps');
  const receipt = readBbpsReceipt(payment, copy, t);
  const status = bbpsStatus(t, payment.status);
  return (
    <article
      className={`receipt bbps-receipt${receipt.failed ? ' receipt--failed' : ''}`}
      aria-label={copy === 'customer' ? t('receipt.customerCopy') : t('receipt.shopCopy')}
      data-copy={copy}
    >
      <ReceiptBrand shop={shop} copy={copy} kind={t('receipt.kind')} />
      <div className="bbps-mark" data-testid="bbps-mark">
        <span className="bbps-mark__logo" aria-hidden="true" />
        <span className="bbps-mark__text">{BHARAT_BILLPAY}</span>
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
      <p className="receipt__footer">{t('receipt.footer')}</p>
    </article>
  );
}
