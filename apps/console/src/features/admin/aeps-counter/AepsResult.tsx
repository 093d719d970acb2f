import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AEPS_MONEY_KINDS, AepsMessages, maskAadhaar, type MiniStatementLine } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { invalidateAeps, useAepsTransaction, type AepsTransaction } from './api';
import { AepsReceiptModal } from './AepsReceiptModal';
import { inFlight } from './format';
import { useAepsKind, useAepsStatus } from './labels';
import { reversalWords } from './reversal';
import { localizeMessage } from '../../../i18n/messages';
import { useFocusOnArrival } from '../../../ui/FocusedResult';

export interface AepsResultProps {
  /** The API's answer to the submit; read again until the bank's answer is final. */
  known: AepsTransaction;
  onDone: () => void;
}

/**
 * Issue 26: the bank's answer to one transaction. While the bank has not confirmed, the
 * pending message (do not pay cash yet) and the transaction asked again every 3 s; when it
 * turns final the AEPS balance and reports are read again. A failure the bank debited says the
 * bank reverses it within 5 days.
 */
export function AepsResult({ known, onDone }: AepsResultProps) {
  const { t: say } = useTranslation('aeps-counter');
  const aepsStatus = useAepsStatus();
  const kindLabel = useAepsKind();
  const queryClient = useQueryClient();
  const read = useAepsTransaction(known.id, known);
  const t = read.data ?? known;
  const [receipt, setReceipt] = useState(false);
  const wasInFlight = useRef(inFlight(known.status));
  const card = useRef<HTMLDivElement>(null);

  // The answer takes the focus as it comes (issue 30), and is brought into view.
  useFocusOnArrival(card);

  useEffect(() => {
    if (wasInFlight.current && !inFlight(t.status)) invalidateAeps(queryClient);
    wasInFlight.current = inFlight(t.status);
  }, [t.status, queryClient]);

  const status = aepsStatus(t.status);
  const money = AEPS_MONEY_KINDS.includes(t.kind);
  const reversal = reversalWords(t, say);
  const items = [
    {
      key: 'status',
      label: say('result.status'),
      children: (
        <Tag color={status.color} data-testid="aeps-result-status">
          {status.label}
        </Tag>
      ),
    },
    { key: 'bank', label: say('result.bank'), children: t.bankName },
    { key: 'aadhaar', label: say('result.aadhaar'), children: maskAadhaar(t.aadhaar) },
    { key: 'rrn', label: say('result.rrn'), children: t.rrn ?? '—' },
    ...(money
      ? [{ key: 'amount', label: say('result.amount'), children: formatRupees(t.amount) }]
      : []),
    ...(t.balance !== null
      ? [{ key: 'balance', label: say('result.balance'), children: formatRupees(t.balance) }]
      : []),
    ...(t.kind === 'withdrawal' && t.status === 'processed'
      ? [
          {
            key: 'commission',
            label: say('result.commission'),
            children: formatRupees(t.commission),
          },
        ]
      : []),
    ...(t.kind === 'aadhaarPay' && t.status === 'processed'
      ? [
          { key: 'fee', label: say('result.aadhaarPayFee'), children: formatRupees(t.merchantFee) },
          { key: 'credited', label: say('result.shopGets'), children: formatRupees(t.credited) },
        ]
      : []),
    { key: 'time', label: say('result.time'), children: formatDateTime(t.createdAt) },
  ];

  return (
    <Card
      ref={card}
      tabIndex={-1}
      className="admin-card aeps-result"
      title={say('result.title', { kind: kindLabel(t.kind), status: status.label })}
      aria-label={say('result.label')}
      role="region"
    >
      {inFlight(t.status) && (
        <Alert
          className="aeps-alert"
          type="warning"
          showIcon
          title={localizeMessage(AepsMessages.pending)}
        />
      )}
      {t.status === 'failed' && (
        <Alert
          className="aeps-alert"
          type="error"
          showIcon
          role="alert"
          // A debited failure says what happens to the customer's money (the bank's own
          // message says less); any other failure is the bank's reason.
          title={reversal ?? t.message ?? say('result.refused')}
        />
      )}
      {t.status === 'processed' && t.kind === 'withdrawal' && (
        <Alert
          className="aeps-alert"
          type="success"
          showIcon
          title={say('result.giveCash', { amount: formatRupees(t.amount) })}
        />
      )}
      <Descriptions
        className="aeps-result__details"
        column={1}
        bordered
        size="small"
        items={items}
      />
      {t.statement && t.statement.length > 0 && <MiniStatement lines={t.statement} />}
      <div className="aeps-buttons">
        <Button onClick={onDone}>{say('result.newTransaction')}</Button>
        <Button type="primary" onClick={() => setReceipt(true)}>
          {say('result.receipt')}
        </Button>
      </div>
      <AepsReceiptModal transaction={receipt ? t : undefined} onClose={() => setReceipt(false)} />
    </Card>
  );
}

/** The bank's last transactions on the customer's account, newest first as the bank gives them. */
export function MiniStatement({ lines }: { lines: MiniStatementLine[] }) {
  const { t } = useTranslation('aeps-counter');
  return (
    <Table<MiniStatementLine & { at: number }>
      className="aeps-statement"
      aria-label={t('statement.label')}
      size="small"
      pagination={false}
      rowKey="at"
      dataSource={lines.map((line, at) => ({ ...line, at }))}
      // Two columns, so a phone shows the amounts without scrolling sideways.
      columns={[
        {
          key: 'line',
          title: t('statement.dateAndNarration'),
          render: (_, line) => (
            <>
              <span className="aeps-statement__date">{line.date}</span> {line.narration}
            </>
          ),
        },
        {
          key: 'amount',
          title: t('statement.amount'),
          align: 'right',
          render: (_, line) => (
            <span className="admin-amount aeps-statement__amount">
              {formatRupees(line.amount)} {line.type}
            </span>
          ),
        },
      ]}
    />
  );
}
