import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { BbpsMessages, maskedParam } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { invalidateBbps, useBbpsPayment, type BbpsPaymentDto } from './api';
import { BbpsReceiptModal } from './BbpsReceiptModal';
import { bbpsStatus, inFlight } from './format';

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
  const queryClient = useQueryClient();
  const read = useBbpsPayment(known.id, known);
  const p = read.data ?? known;
  const [receipt, setReceipt] = useState(false);
  const wasInFlight = useRef(inFlight(known.status));
  const card = useRef<HTMLDivElement>(null);

  // On a phone the answer is below the form: bring it into view once, as it comes.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start' });
  }, []);

  // Settled while shown: the wallet (held money paid or released) and the reports change.
  useEffect(() => {
    if (wasInFlight.current && !inFlight(p.status)) invalidateBbps(queryClient);
    wasInFlight.current = inFlight(p.status);
  }, [p.status, queryClient]);

  const status = bbpsStatus(p.status);
  const items = [
    {
      key: 'status',
      label: 'Status',
      children: (
        <Tag color={status.color} data-testid="bbps-result-status">
          {status.label}
        </Tag>
      ),
    },
    { key: 'biller', label: 'Biller', children: p.billerName ?? p.billerId },
    ...p.params.map((param) => ({
      key: `param-${param.name}`,
      label: param.name,
      children: maskedParam(param.name, param.value),
    })),
    ...(p.customerName ? [{ key: 'name', label: 'Customer', children: p.customerName }] : []),
    { key: 'amount', label: 'Bill amount', children: formatRupees(p.amount) },
    { key: 'ccf', label: 'Convenience fee (CCF)', children: formatRupees(p.ccf) },
    { key: 'total', label: 'Total', children: formatRupees(p.total) },
    {
      key: 'reference',
      label: 'BBPS reference',
      children: <span data-testid="bbps-reference">{p.bbpsReference ?? '—'}</span>,
    },
    ...(p.status === 'processed' && p.commission !== null
      ? [{ key: 'commission', label: 'You earn', children: formatRupees(p.commission) }]
      : []),
    { key: 'time', label: 'Time (IST)', children: formatDateTime(p.createdAt) },
  ];

  return (
    <Card
      ref={card}
      className="admin-card bbps-result"
      title={`Bill payment: ${status.label}`}
      aria-label="Payment result"
      role="region"
    >
      {inFlight(p.status) && (
        <Alert className="bbps-alert" type="warning" showIcon title={BbpsMessages.pending} />
      )}
      {p.status === 'failed' && (
        <Alert
          className="bbps-alert"
          type="error"
          showIcon
          role="alert"
          title={p.message ?? 'Bharat BillPay refused the payment.'}
          description="The amount and the fee were released back to your wallet."
        />
      )}
      {p.status === 'processed' && (
        <Alert
          className="bbps-alert"
          type="success"
          showIcon
          title={`Paid ${formatRupees(p.amount)} to ${p.billerName ?? p.billerId}.`}
        />
      )}
      <Descriptions column={1} bordered size="small" items={items} />
      <div className="bbps-buttons">
        {inFlight(p.status) && (
          <Button loading={read.isFetching} onClick={() => void read.refetch()}>
            Check again
          </Button>
        )}
        <Button onClick={onDone}>Pay another bill</Button>
        <Button type="primary" onClick={() => setReceipt(true)}>
          Receipt
        </Button>
      </div>
      <BbpsReceiptModal payment={receipt ? p : undefined} onClose={() => setReceipt(false)} />
    </Card>
  );
}
