import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  checkMobile,
  checkPin,
  MOBILE_DIGITS,
  normalizeMobile,
  PIN_MAX_LENGTH,
  checkName,
  checkNewPassword,
  PASSWORD_MIN_LENGTH,
  checkOptionalEmail,
  checkOptionalShopName,
} from '@khata/domain';
import { ruleFrom, sameAs } from '../../../ui/formRules';
import { OtpFormItem } from '../../../ui/OtpFormItem';
import { authApi, type Signup } from '../api';
import { ConfirmMessages } from '../formRules';

interface SignupValues extends Signup {
  confirmPassword: string;
  confirmPin: string;
}

/**
 * Direct onboard (/signup, /register): the mobile is proven with an OTP first ("Send OTP",
 * then the code with the rest of the form); answers the API's message once the account exists.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: (message: string) => void }) {
  const [form] = Form.useForm<SignupValues>();
  const [otpSentTo, setOtpSentTo] = useState<string>();
  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: (answer) => onSignedUp(answer.message),
  });
  const sendOtp = useMutation({
    mutationFn: authApi.signupOtp,
    onSuccess: (_answer, mobile) => setOtpSentTo(mobile),
  });
  const requestOtp = async () => {
    try {
      const { mobile } = await form.validateFields(['mobile']);
      sendOtp.mutate(mobile);
    } catch {
      // The field shows its own message.
    }
  };

  const submit = ({ confirmPassword: _password, confirmPin: _pin, ...details }: SignupValues) =>
    signup.mutate({
      ...details,
      email: details.email?.trim() || undefined,
      shopName: details.shopName?.trim() || undefined,
    });

  return (
    <Form<SignupValues>
      form={form}
      name="signup"
      className="auth-form"
      layout="vertical"
      requiredMark="optional"
      disabled={signup.isPending}
      onFinish={submit}
      onValuesChange={() => {
        if (signup.error) signup.reset();
      }}
    >
      {signup.error && (
        <Alert className="auth-form__alert" type="error" showIcon title={signup.error.message} />
      )}
      {sendOtp.error && (
        <Alert className="auth-form__alert" type="error" showIcon title={sendOtp.error.message} />
      )}
      <Form.Item name="name" label="Your name" required rules={[ruleFrom(checkName)]}>
        <Input size="large" autoComplete="name" />
      </Form.Item>
      <div className="auth-form__row">
        <Form.Item
          name="mobile"
          label="Mobile number"
          required
          normalize={normalizeMobile}
          rules={[ruleFrom(checkMobile)]}
        >
          <Input
            size="large"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={MOBILE_DIGITS}
            prefix={<span className="auth-form__prefix">+91</span>}
          />
        </Form.Item>
        <OtpFormItem
          sentTo={otpSentTo}
          sending={sendOtp.isPending}
          onSend={() => void requestOtp()}
          hint="We send a 6-digit OTP to your mobile."
        />
      </div>
      <Form.Item name="email" label="Email" rules={[ruleFrom(checkOptionalEmail)]}>
        <Input size="large" type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="shopName" label="Shop name" rules={[ruleFrom(checkOptionalShopName)]}>
        <Input size="large" autoComplete="organization" />
      </Form.Item>
      <div className="auth-form__row">
        <Form.Item
          name="password"
          label="Password"
          required
          rules={[ruleFrom(checkNewPassword)]}
          extra={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm password"
          required
          dependencies={['password']}
          rules={[
            { required: true, message: ConfirmMessages.passwordConfirmRequired },
            sameAs('password', ConfirmMessages.passwordMismatch),
          ]}
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
      </div>
      <div className="auth-form__row">
        <Form.Item
          name="pin"
          label="Transaction PIN"
          required
          rules={[ruleFrom(checkPin)]}
          extra="4 to 10 digits, asked on every payment."
        >
          <Input.Password
            size="large"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PIN_MAX_LENGTH}
          />
        </Form.Item>
        <Form.Item
          name="confirmPin"
          label="Confirm PIN"
          required
          dependencies={['pin']}
          rules={[
            { required: true, message: ConfirmMessages.pinConfirmRequired },
            sameAs('pin', ConfirmMessages.pinMismatch),
          ]}
        >
          <Input.Password
            size="large"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PIN_MAX_LENGTH}
          />
        </Form.Item>
      </div>
      <Button
        className="auth-form__submit"
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={signup.isPending}
      >
        Create account
      </Button>
    </Form>
  );
}
