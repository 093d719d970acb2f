import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkCustomerOtp } from '@khata/domain';

export interface CustomerOtpFormProps {
  /** What the OTP confirms, in words: "to register Asha Verma". */
  intro: ReactNode;
  /** The label of the button that sends the code. */
  submitLabel: string;
  loading: boolean;
  /** The API's refusal of the last code (wrong, expired, void). */
  error?: string;
  onSubmit: (otp: string) => void;
  /** Asks for a new code; absent when the screen cannot send one again. */
  onResend?: () => void;
  resending?: boolean;
  onCancel?: () => void;
}

/**
 * The OTP Khata sends to the customer's mobile to confirm one act (register, add or delete a
 * beneficiary, a transfer, a refund). The customer reads it out at the counter; 6 digits.
 */
export function CustomerOtpForm({
  intro,
  submitLabel,
  loading,
  error,
  onSubmit,
  onResend,
  resending,
  onCancel,
}: CustomerOtpFormProps) {
  const { t } = useTranslation('remitters');
  const id = useId();
  const [otp, setOtp] = useState('');
  const [refusal, setRefusal] = useState<string>();
  // The API's refusal of a code is put away once a new code is typed, until the next try.
  const [retyped, setRetyped] = useState(false);
  const submit = () => {
    const checked = checkCustomerOtp(otp);
    setRetyped(false);
    if (!checked.ok) setRefusal(checked.message);
    else onSubmit(checked.value);
  };
  const shown = refusal ?? (retyped ? undefined : error);
  return (
    <div className="dmt-otp" data-testid="customer-otp">
      <p className="dmt-otp__intro">{intro}</p>
      {shown && <Alert className="dmt-otp__alert" type="error" showIcon title={shown} />}
      <label htmlFor={id} className="dmt-otp__label">
        {t('otpForm.label')}
      </label>
      <Input
        id={id}
        size="large"
        value={otp}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="dmt-otp__code"
        onChange={(event) => {
          setOtp(event.target.value.replace(/\D/g, ''));
          setRefusal(undefined);
          setRetyped(true);
        }}
        onPressEnter={submit}
      />
      <div className="dmt-buttons">
        {onCancel && <Button onClick={onCancel}>{t('otpForm.cancel')}</Button>}
        {onResend && (
          <Button onClick={onResend} loading={resending}>
            {t('otpForm.resend')}
          </Button>
        )}
        <Button type="primary" loading={loading} onClick={submit}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
