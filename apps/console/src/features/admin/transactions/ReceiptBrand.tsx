import type { ReactNode } from 'react';
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
  return (
    <header className="receipt__brand">
      <span className="receipt__logo" aria-hidden="true">
        K
      </span>
      <div className="receipt__shop">
        <p className="receipt__company" data-testid="receipt-shop">
          {shop.name}
        </p>
        {shop.phone && <p className="receipt__kind">Phone {shop.phone}</p>}
        {kind && <p className="receipt__kind">{kind}</p>}
      </div>
      <p className="receipt__copy">
        {copy === 'customer' ? 'Customer copy' : 'Shop copy'}
        <span>via Khata</span>
      </p>
    </header>
  );
}
