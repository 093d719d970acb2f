import { useState } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('dmt');
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
  const several = count > 1;
  const which = { part: index + 1, parts: count };

  const requestOtp = () =>
    askOtp.mutate(of, {
      onSuccess: (answer) => {
        setQuote(answer);
        message.success(t('part.otpSent', { mobile: maskMobile(plan.remitter.mobile) }));
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
          {several ? t('part.sendOtpPart', which) : t('part.sendOtp')}
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
          { key: 'amount', label: t('part.quote.amount'), children: formatRupees(quote.amount) },
          {
            key: 'fee',
            label: t('part.quote.fee'),
            children: formatRupees(quote.fee),
          },
          {
            key: 'total',
            label: t('part.quote.total'),
            children: <strong data-testid="dmt-quote-total">{formatRupees(quote.total)}</strong>,
          },
        ]}
      />
      <CustomerOtpForm
        key={quote.total}
        intro={
          <Trans
            t={t}
            i18nKey="part.otpIntro"
            values={{
              remitter: plan.remitter.name,
              mobile: maskMobile(plan.remitter.mobile),
              amount: formatRupees(quote.amount),
              beneficiary: plan.beneficiary.name,
            }}
            components={{ strong: <strong /> }}
          />
        }
        submitLabel={t('part.continueToPin')}
        loading={false}
        onSubmit={setOtp}
        onResend={requestOtp}
        resending={askOtp.isPending}
      />
      <PinConfirmModal
        open={otp !== undefined}
        title={t('part.pin.title')}
        okText={t('part.pin.ok')}
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
          {t(several ? 'part.pin.whatPart' : 'part.pin.what', {
            ...which,
            amount: formatRupees(quote.amount),
            mode: plan.mode,
            beneficiary: plan.beneficiary.name,
            account: plan.beneficiary.maskedAccountNumber,
            ifsc: plan.beneficiary.ifsc,
            remitter: plan.remitter.name,
          })}
        </p>
        <Descriptions
          size="small"
          column={1}
          data-testid="dmt-pin-quote"
          items={[
            { key: 'fee', label: t('part.pin.fee'), children: formatRupees(quote.fee) },
            {
              key: 'total',
              label: t('part.pin.total'),
              children: <strong>{formatRupees(quote.total)}</strong>,
            },
          ]}
        />
      </PinConfirmModal>
    </div>
  );
}
