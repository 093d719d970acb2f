import { useState } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { rupeesString, type Paise } from '@khata/domain';
import { PinConfirmModal } from '../../common/PinConfirmModal';
import { formatRupees } from '../../common/money';
import { useIdempotencyKey } from '../../common/useIdempotencyKey';
import { paymentError } from '../../payouts/paymentMessages';
import { CustomerOtpForm } from '../../remitters/components/CustomerOtpForm';
import { maskMobile } from '../../remitters/labels';
import {
  useSendTransfer,
  useTransferOtp,
  type DmtQuote,
  type DmtTransferAnswer,
  type DmtTransferOf,
} from '../api';
import type { TransferPlan } from './TransferForm';

export interface PartSenderProps {
  plan: TransferPlan;
  /** Which transfer of the plan this is (0-based), and what it carries. */
  index: number;
  amount: Paise;
  onSent: (answer: DmtTransferAnswer) => void;
}

/**
 * One transfer of a plan: its own OTP to the remitter (bound to this beneficiary, amount and
 * mode), the API's quote of its fee and total, then the retailer's PIN. RBI's additional
 * factor is per transaction: one OTP never covers two transfers (docs/decisions.md).
 */
export function PartSender({ plan, index, amount, onSent }: PartSenderProps) {
  const { message } = App.useApp();
  const askOtp = useTransferOtp();
  const send = useSendTransfer();
  const idempotencyKey = useIdempotencyKey();
  const [quote, setQuote] = useState<DmtQuote>();
  const [otp, setOtp] = useState<string>();
  const of: DmtTransferOf = {
    remitterMobile: plan.remitter.mobile,
    beneficiaryId: plan.beneficiary.id,
    amount: rupeesString(amount),
    mode: plan.mode,
  };
  const count = plan.parts.length;
  const which = count > 1 ? ` ${index + 1} of ${count}` : '';

  const requestOtp = () =>
    askOtp.mutate(of, {
      onSuccess: (answer) => {
        setQuote(answer);
        message.success(`OTP sent to ${maskMobile(plan.remitter.mobile)}.`);
      },
    });

  const confirm = (pin: string) => {
    if (!otp) return;
    send.mutate(
      { ...of, otp, pin, idempotencyKey: idempotencyKey.current() },
      {
        onSuccess: (answer) => {
          idempotencyKey.renew();
          setOtp(undefined);
          onSent(answer);
        },
        onError: (error) => idempotencyKey.settle(error),
      },
    );
  };

  if (!quote) {
    return (
      <div className="dmt-part__step">
        {askOtp.isError && (
          <Alert className="dmt-alert" type="error" showIcon title={paymentError(askOtp.error)} />
        )}
        <Button type="primary" block loading={askOtp.isPending} onClick={requestOtp}>
          Send OTP for transfer{which}
        </Button>
      </div>
    );
  }

  return (
    <div className="dmt-part__step">
      <Descriptions
        size="small"
        column={1}
        data-testid="dmt-quote"
        items={[
          { key: 'amount', label: 'Amount', children: formatRupees(quote.amount) },
          { key: 'fee', label: 'Fee (paid by the customer)', children: formatRupees(quote.fee) },
          {
            key: 'total',
            label: 'Customer pays',
            children: <strong data-testid="dmt-quote-total">{formatRupees(quote.total)}</strong>,
          },
        ]}
      />
      <CustomerOtpForm
        key={quote.total}
        intro={
          <>
            Ask {plan.remitter.name} for the OTP sent to{' '}
            <strong>{maskMobile(plan.remitter.mobile)}</strong> for {formatRupees(quote.amount)} to{' '}
            {plan.beneficiary.name}.
          </>
        }
        submitLabel="Continue to PIN"
        loading={false}
        onSubmit={setOtp}
        onResend={requestOtp}
        resending={askOtp.isPending}
      />
      <PinConfirmModal
        open={otp !== undefined}
        title="Confirm with your PIN"
        okText="Confirm and send"
        loading={send.isPending}
        error={send.isError ? paymentError(send.error) : undefined}
        classNames={{ alert: 'dmt-alert', pin: 'dmt-pin' }}
        onConfirm={confirm}
        onCancel={() => {
          send.reset();
          setOtp(undefined);
        }}
      >
        <p>
          Transfer{which}: {formatRupees(quote.amount)} by {plan.mode} to {plan.beneficiary.name} (
          {plan.beneficiary.maskedAccountNumber}, {plan.beneficiary.ifsc}) for {plan.remitter.name}.
        </p>
        <Descriptions
          size="small"
          column={1}
          data-testid="dmt-pin-quote"
          items={[
            { key: 'fee', label: 'Fee', children: formatRupees(quote.fee) },
            {
              key: 'total',
              label: 'Total from your wallet',
              children: <strong>{formatRupees(quote.total)}</strong>,
            },
          ]}
        />
      </PinConfirmModal>
    </div>
  );
}
