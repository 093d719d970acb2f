import { Button, Form, Input } from 'antd';
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
  return (
    <Form.Item
      name="otp"
      label="OTP"
      required
      rules={[ruleFrom(checkOtp)]}
      extra={sentTo ? `An OTP has been sent to +91 ${sentTo}.` : hint}
    >
      <Input
        size="large"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={
          <Button size="small" type="link" onClick={onSend} loading={sending}>
            {sentTo ? 'Resend OTP' : 'Send OTP'}
          </Button>
        }
      />
    </Form.Item>
  );
}
