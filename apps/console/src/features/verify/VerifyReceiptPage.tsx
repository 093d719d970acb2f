import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Tag } from 'antd';
import { useParams } from 'react-router-dom';
import {
  BUSINESS_TIME_ZONE,
  formatPaise,
  parseRupees,
  TRANSACTION_STATUS_LABELS,
  type TransactionStatus,
  type VerifyReceiptAnswer,
} from '@khata/domain';
import { api } from '../../api/client';
import { usePageTitle } from '../../ui/usePageTitle';
import './verify.css';

const when = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** What the status means for the person holding the receipt. */
const MEANING: Record<TransactionStatus, { text: string; color: string }> = {
  success: { text: 'The payment is complete.', color: 'green' },
  processed: { text: 'Paid to the bank account.', color: 'green' },
  queued: { text: 'Waiting for the bank.', color: 'blue' },
  processing: { text: 'Waiting for the bank.', color: 'blue' },
  failed: { text: 'The payment failed. The money was not sent.', color: 'red' },
  reversed: { text: 'The bank returned the payment.', color: 'red' },
};

function rupees(amount: number): string {
  const paise = parseRupees(String(amount));
  return paise.ok ? formatPaise(paise.value) : '—';
}

/**
 * Issue 14 `/verify/:token` (public): what a printed receipt's QR code opens. It shows only
 * what the API answers: status, amount, masked account, UTR and time.
 */
export function VerifyReceiptPage() {
  usePageTitle('Check a receipt');
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['verify-receipt', token],
    queryFn: () => api.get<VerifyReceiptAnswer>(`/public/receipts/${encodeURIComponent(token)}`),
    retry: false,
  });
  const receipt = check.data?.receipt;
  const meaning =
    receipt && (MEANING[receipt.status] ?? { text: receipt.status, color: 'default' });

  return (
    <section className="verify-receipt" aria-label="Receipt check">
      <Card className="verify-receipt__card" title="Check a Khata receipt">
        {check.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
        {check.isError && <Alert type="error" showIcon title={check.error.message} />}
        {receipt && meaning && (
          <div data-testid="verified-receipt">
            <p className="verify-receipt__amount">{rupees(receipt.amount)}</p>
            <p className="verify-receipt__status">
              <Tag color={meaning.color}>
                {TRANSACTION_STATUS_LABELS[receipt.status] ?? receipt.status}
              </Tag>
              {meaning.text}
            </p>
            <dl className="verify-receipt__lines">
              <div>
                <dt>To account</dt>
                <dd>{receipt.account ?? '—'}</dd>
              </div>
              <div>
                <dt>UTR (bank reference)</dt>
                <dd>{receipt.utr ?? 'Not yet given by the bank'}</dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>{when.format(new Date(receipt.at))}</dd>
              </div>
            </dl>
            <p className="verify-receipt__note">
              This is what Khata's records say now. If it differs from the paper receipt, ask the
              shop that gave it to you.
            </p>
          </div>
        )}
      </Card>
    </section>
  );
}
