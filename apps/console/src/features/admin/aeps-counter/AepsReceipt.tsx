import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../common/money';
import type { ReceiptCopy, ReceiptShop } from '../transactions/receipt';
import { ReceiptBrand } from '../transactions/ReceiptBrand';
import type { AepsTransaction } from './api';
import { useAepsKind, useAepsStatus } from './labels';
import { readAepsReceipt } from './receipt';
import '../transactions/receipt.css';

export interface AepsReceiptProps {
  transaction: AepsTransaction;
  copy: ReceiptCopy;
  shop: ReceiptShop;
}

/**
 * The printable receipt of one AEPS transaction, in the transaction receipt's layout and print
 * styles (receipt.css: A4, and the 58 mm roll). A mini statement prints its lines.
 */
export function AepsReceipt({ transaction, copy, shop }: AepsReceiptProps) {
  const { t } = useTranslation('aeps-counter');
  const kindLabel = useAepsKind();
  const receipt = readAepsReceipt(transaction, copy, t, kindLabel);
  const aepsStatus = useAepsStatus();
  const status = aepsStatus(transaction.status);
  return (
    <article
      className={`receipt${receipt.failed ? ' receipt--failed' : ''}`}
      aria-label={copy === 'customer' ? t('receipt.customerCopy') : t('receipt.shopCopy')}
      data-copy={copy}
    >
      <ReceiptBrand shop={shop} copy={copy} kind={t('receipt.kind')} />

      <div className="receipt__status">
        <p className="receipt__headline" data-testid="receipt-headline">
          {receipt.headline}
        </p>
        <Tag color={status.color} data-testid="receipt-status">
          {status.label}
        </Tag>
        {receipt.detail && <p className="receipt__detail">{receipt.detail}</p>}
      </div>

      {receipt.figure && (
        <p className="receipt__amount" data-testid="receipt-amount">
          {receipt.figure}
        </p>
      )}
      {receipt.figureLabel && <p className="receipt__words">{receipt.figureLabel}</p>}

      <dl className="receipt__lines">
        {receipt.lines.map((line) => (
          <div key={line.label} className="receipt__line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {transaction.statement && transaction.statement.length > 0 && (
        <dl className="receipt__lines" aria-label={t('receipt.statement')}>
          {transaction.statement.map((line, at) => (
            <div key={at} className="receipt__line">
              <dt>
                {line.date} {line.narration}
              </dt>
              <dd>
                {line.type} {formatRupees(line.amount)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="receipt__footer">{t('receipt.footer')}</p>
    </article>
  );
}
