import { useQuery } from '@tanstack/react-query';
import { QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReceiptLinkAnswer } from '@khata/domain';
import { api } from '../../../api/client';

/** The same receipt always has the same link: ask once per record. */
const receiptLinkKey = (id: string) => ['receipt-link', { id }] as const;

/**
 * Issue 14: the receipt's QR code, a public link where anyone holding the paper can check the
 * status, amount, masked account, UTR and time (`/verify/<token>`, the token made by the API).
 * antd's own QRCode draws it as SVG (sharp when printed); it ships only with the admin area.
 * While the link loads, or if it cannot be had, the receipt prints without the block.
 */
export function ReceiptQr({ recordId }: { recordId: string }) {
  const { t } = useTranslation('transactions');
  const link = useQuery({
    queryKey: receiptLinkKey(recordId),
    queryFn: () => api.post<ReceiptLinkAnswer>('/user/receiptLink', { id: recordId }),
    staleTime: Infinity,
    retry: 1,
  });
  if (!link.data) return null;
  const url = new URL(link.data.verifyPath, window.location.origin).href;
  return (
    <figure className="receipt__verify" data-testid="receipt-verify" data-verify-url={url}>
      <QRCode value={url} type="svg" size={96} bordered={false} errorLevel="M" />
      <figcaption>{t('receipt.verifyCaption')}</figcaption>
    </figure>
  );
}
