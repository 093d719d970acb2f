import { useState } from 'react';
import { Alert, App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages } from '@khata/domain';
import { useVerifyBeneficiaryOtp } from './api';
import { localizeMessage } from '../../../i18n/messages';

export interface OtpStepProps {
  pending: { beneficiaryId: string; referenceKey: string; remitterMobile: string };
  onDone: () => void;
}

/** Spec §4: DMT beneficiaries are registered with the OTP sent to the remitter's phone. */
export function OtpStep({ pending, onDone }: OtpStepProps) {
  const { message } = App.useApp();
  const { t } = useTranslation('payouts');
  const [otp, setOtp] = useState('');
  const verify = useVerifyBeneficiaryOtp();

  const register = () =>
    verify.mutate(
      { ...pending, remitterMobileNumber: pending.remitterMobile, otp: otp.trim() },
      {
        onSuccess: (answer) => {
          message.success(localizeMessage(answer.message || Messages.beneficiaryRegistered));
          onDone();
        },
      },
    );

  return (
    <div className="payout__otp">
      <p>{t('otp.sent', { mobile: pending.remitterMobile })}</p>
      {verify.isError && (
        <Alert
          className="payout__alert"
          type="error"
          showIcon
          title={localizeMessage(verify.error.message || Messages.otpFailed)}
        />
      )}
      <label className="payout__pin">
        <span>{t('otp.label')}</span>
        <Input
          value={otp}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
          onPressEnter={register}
        />
      </label>
      <Button type="primary" block loading={verify.isPending} onClick={register}>
        {t('otp.register')}
      </Button>
    </div>
  );
}
