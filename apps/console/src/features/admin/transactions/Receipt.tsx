import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransactionRecord } from '@khata/domain';
import { isTransactionStatus } from '@khata/domain';
import { statusLabel, statusTone } from './labels';
import { readReceipt, type ReceiptCopy, type ReceiptShop } from './receipt';
import { ReceiptQr } from './ReceiptQr';
import './receipt.css';

export interface ReceiptProps {
  record: TransactionRecord;
  /** The customer's copy (what the shop hands over) or the shop's own (fee and balance). */
  copy: ReceiptCopy;
  shop: ReceiptShop;
}

/**
 * The status tag of a receipt: English shows the record's own status word (`processed`), as
 * printed before issue 30; Hindi its word.
 */
const STATUS_TAG_KEYS = {
  success: 'receipt.statusTag.success',
  queued: 'receipt.statusTag.queued',
  processing: 'receipt.statusTag.processing',
  processed: 'receipt.statusTag.processed',
  reversed: 'receipt.statusTag.reversed',
  failed: 'receipt.statusTag.failed',
} as const;

/** The printable receipt of one transaction (spec §2, §3, §8), as the customer's or the shop's copy. */
export function Receipt({ record, copy, shop }: ReceiptProps) {
  const { t } = useTranslation('transactions');
  const receipt = readReceipt(record, copy, t);
  return (
    <article
      className={`receipt${receipt.failed ? ' receipt--failed' : ''}`}
      aria-label={copy === 'customer' ? t('receipt.copy.customer') : t('receipt.copy.shop')}
      data-copy={copy}
    >
      <header className="receipt__brand">
        <span className="receipt__logo" aria-hidden="true">
          K
        </span>
        <div className="receipt__shop">
          <p className="receipt__company" data-testid="receipt-shop">
            {shop.name}
          </p>
          {shop.phone && (
            <p className="receipt__kind" data-testid="receipt-shop-phone">
              {t('receipt.phone', { phone: shop.phone })}
            </p>
          )}
        </div>
        <p className="receipt__copy">
          {copy === 'customer' ? t('receipt.copy.customer') : t('receipt.copy.shop')}
          <span>{t('receipt.viaKhata')}</span>
        </p>
      </header>

      <div className="receipt__status">
        <p className="receipt__headline" data-testid="receipt-headline">
          {receipt.headline}
        </p>
        {receipt.status && (
          <Tag
            color={statusTone(receipt.status)}
            data-testid="receipt-status"
            className="receipt__status-tag"
            title={statusLabel(receipt.status)}
          >
            {isTransactionStatus(receipt.status)
              ? t(STATUS_TAG_KEYS[receipt.status])
              : receipt.status}
          </Tag>
        )}
        {receipt.detail && <p className="receipt__detail">{receipt.detail}</p>}
      </div>

      <p className="receipt__amount" data-testid="receipt-amount">
        {receipt.amount}
      </p>
      {receipt.amountInWords && <p className="receipt__words">{receipt.amountInWords}</p>}

      <dl className="receipt__lines">
        {receipt.lines.map((line) => (
          <div key={line.label} className="receipt__line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <ReceiptQr recordId={record._id} />
      <p className="receipt__footer">{t('receipt.footer')}</p>
    </article>
  );
}
