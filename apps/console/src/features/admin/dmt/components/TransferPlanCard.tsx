import { useRef, useState } from 'react';
import { Button, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../i18n/format';
import { useTransaction } from '../../transactions/api';
import { ReceiptModal } from '../../transactions/ReceiptModal';
import type { DmtTransferAnswer } from '../api';
import { useDmtStatus } from '../labels';
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
  const { t } = useTranslation('dmt');
  const [sent, setSent] = useState<DmtTransferAnswer[]>([]);
  const [receipt, setReceipt] = useState<DmtTransferAnswer>();
  const total = plan.parts.reduce((sum, part) => sum + part, 0);
  const done = sent.length === plan.parts.length;
  // Each sent part's receipt button: the focus lands on the one just sent when its receipt
  // closes (issue 30), instead of dropping to the page with the form that sent it.
  const receiptButtons = useRef<(HTMLElement | null)[]>([]);
  const lastShown = useRef(-1);
  const closeReceipt = () => {
    lastShown.current = receipt ? sent.indexOf(receipt) : -1;
    setReceipt(undefined);
  };

  return (
    <Card
      className="admin-card dmt-plan"
      title={
        plan.parts.length > 1
          ? t('plan.titleParts', { total: formatMoney(total), parts: plan.parts.length })
          : t('plan.titleOne', { total: formatMoney(total), name: plan.beneficiary.name })
      }
      extra={<Button onClick={onClose}>{done ? t('plan.newTransfer') : t('plan.change')}</Button>}
    >
      <p className="dmt-card__intro">
        {t('plan.intro', {
          name: plan.beneficiary.name,
          bank: plan.beneficiary.bankName,
          account: plan.beneficiary.maskedAccountNumber,
          mode: plan.mode,
          remitter: plan.remitter.name,
        })}
        {plan.parts.length > 1 && <> {t('plan.eachPart')}</>}
      </p>
      <ol className="dmt-plan__parts" aria-label={t('plan.parts')}>
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
                  {plan.parts.length > 1
                    ? t('plan.partOf', { part: index + 1, parts: plan.parts.length })
                    : t('plan.part', { part: index + 1 })}
                </span>
                <strong className="admin-amount">{formatMoney(amount)}</strong>
                {answer ? (
                  <PartStatus id={answer.data.id} status={answer.data.status} />
                ) : (
                  <Tag>{current ? t('plan.next') : t('plan.waiting')}</Tag>
                )}
              </div>
              {answer && (
                <div className="dmt-part__done">
                  <PartUtr id={answer.data.id} />
                  <Button
                    size="small"
                    ref={(button) => {
                      receiptButtons.current[index] = button;
                    }}
                    onClick={() => setReceipt(answer)}
                  >
                    {t('plan.receipt')}
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
      <ReceiptModal
        id={receipt?.data.id}
        onClose={closeReceipt}
        afterClose={() => receiptButtons.current[lastShown.current]?.focus()}
      />
    </Card>
  );
}

/**
 * A sent transfer's status as its receipt reads it: the transaction record, asked again every
 * few seconds while the provider has not answered (and kept current by live updates).
 */
function PartStatus({ id, status }: { id: string; status: string }) {
  const record = useTransaction(id);
  const dmtStatus = useDmtStatus();
  const shown = dmtStatus(record.data?.status ?? status);
  return (
    <Tag color={shown.color} data-testid="dmt-part-status">
      {shown.label}
    </Tag>
  );
}

function PartUtr({ id }: { id: string }) {
  const { t } = useTranslation('dmt');
  const record = useTransaction(id);
  const utr = record.data?.externalRef;
  return utr ? <span data-testid="dmt-part-utr">{t('plan.utr', { utr })}</span> : null;
}
