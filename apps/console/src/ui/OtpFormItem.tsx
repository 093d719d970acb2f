import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkOtp } from '@khata/domain';
import { ruleFrom } from './formRules';

/**
 * The OTP field with its Send / Resend button inside, as signup and Change mobile ask for it:
 * the hint names the number the OTP went to once it is sent.
 */
export function OtpFormItem({
  sentTo,
  sending,
  onSend,
  hint,
}: {
  /** The 10-digit mobile the last OTP went to; undefined before the first send. */
  sentTo: string | undefined;
  sending: boolean;
  onSend: () => void;
  /** Shown before an OTP is sent. */
  hint?: string;
}) {
  const { t } = useTranslation('public');
  return (
    <Form.Item
      name="otp"
      label={t('otp.label')}
      required
      rules={[ruleFrom(checkOtp)]}
      extra={sentTo ? t('otp.sentTo', { mobile: sentTo }) : hint}
    >
      <Input
        size="large"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={
          <Button size="small" type="link" onClick={onSend} loading={sending}>
            {sentTo ? t('otp.resend') : t('otp.send')}
          </Button>
        }
      />
    </Form.Item>
  );
}
