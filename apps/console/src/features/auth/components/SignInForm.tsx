import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { checkMobile, MOBILE_DIGITS, normalizeMobile, checkPasswordInput } from '@khata/domain';
import { useNavigate } from 'react-router-dom';
import type { Credentials, SignedIn } from '../api';
import { ruleFrom } from '../../../ui/formRules';
import { startSession } from '../session/session';

export interface SignInFormProps {
  /** The API's sign-in call for this door (main or partner). */
  signIn: (credentials: Credentials) => Promise<SignedIn>;
  /** Where the user lands once signed in. */
  destination: string;
}

/** Mobile number and password; on success the session starts and the user goes in. */
export function SignInForm({ signIn, destination }: SignInFormProps) {
  const navigate = useNavigate();
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (signedIn) => {
      startSession(signedIn);
      void navigate(destination, { replace: true });
    },
  });

  return (
    <Form<Credentials>
      name="sign-in"
      className="auth-form"
      layout="vertical"
      requiredMark={false}
      disabled={login.isPending}
      onFinish={(credentials) => login.mutate(credentials)}
      onValuesChange={() => {
        // A new attempt hides the previous refusal.
        if (login.error) login.reset();
      }}
    >
      {login.error && (
        <Alert className="auth-form__alert" type="error" showIcon title={login.error.message} />
      )}
      <Form.Item
        name="mobile"
        label="Mobile number"
        normalize={normalizeMobile}
        rules={[ruleFrom(checkMobile)]}
      >
        <Input
          size="large"
          inputMode="numeric"
          autoComplete="username"
          maxLength={MOBILE_DIGITS}
          placeholder="10-digit mobile number"
          prefix={<span className="auth-form__prefix">+91</span>}
        />
      </Form.Item>
      <Form.Item name="password" label="Password" rules={[ruleFrom(checkPasswordInput)]}>
        <Input.Password size="large" autoComplete="current-password" />
      </Form.Item>
      <Button
        className="auth-form__submit"
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={login.isPending}
      >
        Login
      </Button>
    </Form>
  );
}
