import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptCopy, ReceiptShop } from './receipt';

export interface ReceiptBrandProps {
  shop: ReceiptShop;
  copy: ReceiptCopy;
  /** The rail's line under the shop ("AEPS · Aadhaar-enabled payment"), if it has one. */
  kind?: ReactNode;
}

/**
 * A rail receipt's heading (receipt.css): Khata's mark, the shop that served the customer and
 * its phone, and which copy this is. Shared by the rails' receipts so they head alike.
 */
export function ReceiptBrand({ shop, copy, kind }: ReceiptBrandProps) {
  const { t } = useTranslation('transactions');
  return (
    <header className="receipt__brand">
      <span className="receipt__logo" aria-hidden="true">
        K
      </span>
      <div className="receipt__shop">
        <p className="receipt__company" data-testid="receipt-shop">
          {shop.name}
        </p>
        {shop.phone && <p className="receipt__kind">{t('receipt.phone', { phone: shop.phone })}</p>}
        {kind && <p className="receipt__kind">{kind}</p>}
      </div>
      <p className="receipt__copy">
        {copy === 'customer' ? t('receipt.copy.customer') : t('receipt.copy.shop')}
        <span>{t('receipt.viaKhata')}</span>
      </p>
    </header>
  );
}
