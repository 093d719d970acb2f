import { useState } from 'react';
import { Button, Card, Tag } from 'antd';
import { useTransaction } from '../../transactions/api';
import { ReceiptModal } from '../../transactions/ReceiptModal';
import { formatPaise } from '@khata/domain';
import type { DmtTransferAnswer } from '../api';
import { dmtStatus } from '../labels';
import { PartSender } from './PartSender';
import type { TransferPlan } from './TransferForm';

export interface TransferPlanCardProps {
  plan: TransferPlan;
  /** Leave the plan: the form again (what was sent stays sent). */
  onClose: () => void;
}

/**
 * The transfers the customer's amount goes as, listed before anything is sent; then one by one,
 * each with its own OTP, PIN and receipt. The next waits until the one before it is sent.
 */
export function TransferPlanCard({ plan, onClose }: TransferPlanCardProps) {
  const [sent, setSent] = useState<DmtTransferAnswer[]>([]);
  const [receipt, setReceipt] = useState<DmtTransferAnswer>();
  const total = plan.parts.reduce((sum, part) => sum + part, 0);
  const done = sent.length === plan.parts.length;

  return (
    <Card
      className="admin-card dmt-plan"
      title={
        plan.parts.length > 1
          ? `${formatPaise(total)} as ${plan.parts.length} transfers`
          : `${formatPaise(total)} to ${plan.beneficiary.name}`
      }
      extra={<Button onClick={onClose}>{done ? 'New transfer' : 'Change'}</Button>}
    >
      <p className="dmt-card__intro">
        To {plan.beneficiary.name} ({plan.beneficiary.bankName}{' '}
        {plan.beneficiary.maskedAccountNumber}) by {plan.mode}, for {plan.remitter.name}.
        {plan.parts.length > 1 &&
          ' Each transfer is its own transaction, with its own OTP to the customer, your PIN and a receipt.'}
      </p>
      <ol className="dmt-plan__parts" aria-label="Transfers">
        {plan.parts.map((amount, index) => {
          const answer = sent[index];
          const current = index === sent.length;

          return (
            <li
              key={index}
              className={`dmt-part${current ? ' dmt-part--current' : ''}`}
              data-testid="dmt-part"
            >
              <div className="dmt-part__head">
                <span className="dmt-part__name">
                  Transfer {index + 1}
                  {plan.parts.length > 1 && ` of ${plan.parts.length}`}
                </span>
                <strong className="admin-amount">{formatPaise(amount)}</strong>
                {answer ? (
                  <PartStatus id={answer.data.id} status={answer.data.status} />
                ) : (
                  <Tag>{current ? 'Next' : 'Waiting'}</Tag>
                )}
              </div>
              {answer && (
                <div className="dmt-part__done">
                  <PartUtr id={answer.data.id} />
                  <Button size="small" onClick={() => setReceipt(answer)}>
                    Receipt
                  </Button>
                </div>
              )}
              {current && (
                <PartSender
                  key={index}
                  plan={plan}
                  index={index}
                  amount={amount}
                  onSent={(answer) => {
                    setSent((known) => [...known, answer]);
                    setReceipt(answer);
                  }}
                />
              )}
            </li>
          );
        })}
      </ol>
      {/* The transfer's receipt is the shop's transaction of the same id (issue 14's receipt). */}
      <ReceiptModal id={receipt?.data.id} onClose={() => setReceipt(undefined)} />
    </Card>
  );
}

/**
 * A sent transfer's status as its receipt reads it: the transaction record, asked again every
 * few seconds while the provider has not answered (and kept current by live updates).
 */
function PartStatus({ id, status }: { id: string; status: string }) {
  const record = useTransaction(id);
  const shown = dmtStatus(record.data?.status ?? status);
  return (
    <Tag color={shown.color} data-testid="dmt-part-status">
      {shown.label}
    </Tag>
  );
}

function PartUtr({ id }: { id: string }) {
  const record = useTransaction(id);
  const utr = record.data?.externalRef;
  return utr ? <span data-testid="dmt-part-utr">UTR {utr}</span> : null;
}
