import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { parseRupees, type TransactionStatus, type VerifyReceiptAnswer } from '@khata/domain';
import { api } from '../../api/client';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { usePageTitle } from '../../ui/usePageTitle';
import './verify.css';

/** What the status means for the person holding the receipt. */
/** Each status's name on the tag (libs/domain's TRANSACTION_STATUS_LABELS in English). */
const STATUS_NAMES = {
  success: 'verify.status.success',
  queued: 'verify.status.queued',
  processing: 'verify.status.processing',
  processed: 'verify.status.processed',
  reversed: 'verify.status.reversed',
  failed: 'verify.status.failed',
} as const satisfies Record<TransactionStatus, string>;

const MEANING = {
  success: 'verify.meaning.success',
  processed: 'verify.meaning.processed',
  queued: 'verify.meaning.waiting',
  processing: 'verify.meaning.waiting',
  failed: 'verify.meaning.failed',
  reversed: 'verify.meaning.reversed',
} as const satisfies Record<TransactionStatus, string>;

const COLOR = {
  success: 'green',
  processed: 'green',
  queued: 'blue',
  processing: 'blue',
  failed: 'red',
  reversed: 'red',
} as const satisfies Record<TransactionStatus, string>;

function rupees(amount: number): string {
  const paise = parseRupees(String(amount));
  return paise.ok ? formatMoney(paise.value) : '—';
}

/**
 * Issue 14 `/verify/:token` (public): what a printed receipt's QR code opens. It shows only
 * what the API answers: status, amount, masked account, UTR and time.
 */
export function VerifyReceiptPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('verify.pageTitle'));
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['verify-receipt', token],
    queryFn: () => api.get<VerifyReceiptAnswer>(`/public/receipts/${encodeURIComponent(token)}`),
    retry: false,
  });
  const receipt = check.data?.receipt;
  const meaning =
    receipt &&
    (receipt.status in MEANING
      ? { text: t(MEANING[receipt.status]), color: COLOR[receipt.status] }
      : { text: receipt.status, color: 'default' });

  return (
    <section className="verify-receipt" aria-label={t('verify.label')}>
      <Card className="verify-receipt__card" title={t('verify.title')}>
        {check.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
        {check.isError && <Alert type="error" showIcon title={check.error.message} />}
        {receipt && meaning && (
          <div data-testid="verified-receipt">
            <p className="verify-receipt__amount">{rupees(receipt.amount)}</p>
            <p className="verify-receipt__status">
              <Tag color={meaning.color}>
                {receipt.status in STATUS_NAMES ? t(STATUS_NAMES[receipt.status]) : receipt.status}
              </Tag>
              {meaning.text}
            </p>
            <dl className="verify-receipt__lines">
              <div>
                <dt>{t('verify.toAccount')}</dt>
                <dd>{receipt.account ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('verify.utr')}</dt>
                <dd>{receipt.utr ?? t('verify.noUtr')}</dd>
              </div>
              <div>
                <dt>{t('verify.time')}</dt>
                <dd>{formatDateTime(receipt.at)}</dd>
              </div>
            </dl>
            <p className="verify-receipt__note">{t('verify.note')}</p>
          </div>
        )}
      </Card>
    </section>
  );
}
