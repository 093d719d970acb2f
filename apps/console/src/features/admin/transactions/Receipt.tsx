import { Tag } from 'antd';
import type { TransactionRecord } from './api';
import { statusTone } from './labels';
import { readReceipt } from './receipt';
import './receipt.css';

/** The printable receipt of one transaction (spec §2, §3, §8). */
export function Receipt({ record }: { record: TransactionRecord }) {
  const receipt = readReceipt(record);
  return (
    <article
      className={`receipt${receipt.failed ? ' receipt--failed' : ''}`}
      aria-label="Transaction receipt"
    >
      <header className="receipt__brand">
        <span className="receipt__logo" aria-hidden="true">
          K
        </span>
        <div>
          <p className="receipt__company">Khata</p>
          <p className="receipt__kind">Transaction receipt</p>
        </div>
      </header>

      <div className="receipt__status">
        <p className="receipt__headline" data-testid="receipt-headline">
          {receipt.headline}
        </p>
        {receipt.status && (
          <Tag color={statusTone(receipt.status)} data-testid="receipt-status">
            {receipt.status}
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
      <p className="receipt__footer">
        This is a computer-generated receipt and needs no signature.
      </p>
    </article>
  );
}
