import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BbpsMessages, maskedParam } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { invalidateBbps, useBbpsPayment, type BbpsPaymentDto } from './api';
import { BbpsReceiptModal } from './BbpsReceiptModal';
import { inFlight } from './format';
import { bbpsStatus } from './words';
import { localizeMessage } from '../../../i18n/messages';
import { useFocusOnArrival } from '../../../ui/FocusedResult';

export interface BbpsResultProps {
  /** The API's answer to Pay; read again until Bharat BillPay's answer is final. */
  known: BbpsPaymentDto;
  onDone: () => void;
}

/**
 * Issue 27: Bharat BillPay's answer to one payment. Success shows the BBPS reference; pending
 * says the money stays held until a status check settles it (read again every 5 s, and on
 * "Check again"); failed gives the reason and says the money went back to the wallet.
 */
export function BbpsResult({ known, onDone }: BbpsResultProps) {
  const { t } = useTranslation('bbps');
  const queryClient = useQueryClient();
  const read = useBbpsPayment(known.id, known);
  const p = read.data ?? known;
  const [receipt, setReceipt] = useState(false);
  const wasInFlight = useRef(inFlight(known.status));
  const card = useRef<HTMLDivElement>(null);

  // The answer takes the focus as it comes (issue 30), and is brought into view.
  useFocusOnArrival(card);

  // Settled while shown: the wallet (held money paid or released) and the reports change.
  useEffect(() => {
    if (wasInFlight.current && !inFlight(p.status)) invalidateBbps(queryClient);
    wasInFlight.current = inFlight(p.status);
  }, [p.status, queryClient]);

  const status = bbpsStatus(t, p.status);
  const items = [
    {
      key: 'status',
      label: t('result.status'),
      children: (
        <Tag color={status.color} data-testid="bbps-result-status">
          {status.label}
        </Tag>
      ),
    },
    { key: 'biller', label: t('result.biller'), children: p.billerName ?? p.billerId },
    ...p.params.map((param) => ({
      key: `param-${param.name}`,
      label: param.name,
      children: maskedParam(param.name, param.value),
    })),
    ...(p.customerName
      ? [{ key: 'name', label: t('result.customer'), children: p.customerName }]
      : []),
    { key: 'amount', label: t('result.billAmount'), children: formatRupees(p.amount) },
    { key: 'ccf', label: t('result.ccf'), children: formatRupees(p.ccf) },
    { key: 'total', label: t('result.total'), children: formatRupees(p.total) },
    {
      key: 'reference',
      label: t('result.bbpsReference'),
      children: <span data-testid="bbps-reference">{p.bbpsReference ?? '—'}</span>,
    },
    ...(p.status === 'processed' && p.commission !== null
      ? [{ key: 'commission', label: t('result.commission'), children: formatRupees(p.commission) }]
      : []),
    { key: 'time', label: t('result.time'), children: formatDateTime(p.createdAt) },
  ];

  return (
    <Card
      ref={card}
      tabIndex={-1}
      className="admin-card bbps-result"
      title={t('result.title', { status: status.label })}
      aria-label={t('result.label')}
      role="region"
    >
      {inFlight(p.status) && (
        <Alert
          className="bbps-alert"
          type="warning"
          showIcon
          title={localizeMessage(BbpsMessages.pending)}
        />
      )}
      {p.status === 'failed' && (
        <Alert
          className="bbps-alert"
          type="error"
          showIcon
          role="alert"
          title={p.message ?? t('result.refused')}
          description={t('result.released')}
        />
      )}
      {p.status === 'processed' && (
        <Alert
          className="bbps-alert"
          type="success"
          showIcon
          title={t('result.paid', {
            amount: formatRupees(p.amount),
            biller: p.billerName ?? p.billerId,
          })}
        />
      )}
      <Descriptions column={1} bordered size="small" items={items} />
      <div className="bbps-buttons">
        {inFlight(p.status) && (
          <Button loading={read.isFetching} onClick={() => void read.refetch()}>
            {t('result.checkAgain')}
          </Button>
        )}
        <Button onClick={onDone}>{t('result.another')}</Button>
        <Button type="primary" onClick={() => setReceipt(true)}>
          {t('result.receipt')}
        </Button>
      </div>
      <BbpsReceiptModal payment={receipt ? p : undefined} onClose={() => setReceipt(false)} />
    </Card>
  );
}
