import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import {
  asksTemporaryPin,
  checkNewPassword,
  PASSWORD_MIN_LENGTH,
  checkPin,
  OnboardingMessages,
  PIN_MAX_LENGTH,
  type TemporaryCredential,
} from '@khata/domain';
import { replaceSessionToken, useLogout } from '../../auth';
import { ruleFrom, sameAs } from '../../../ui/formRules';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useSetCredentials } from './api';
import './onboarding.css';

interface CredentialValues {
  temporaryPin?: string;
  newPassword?: string;
  confirmPassword?: string;
  newPin?: string;
  confirmPin?: string;
}

/**
 * Shown instead of the admin area while the user's password or PIN is temporary (sent by
 * SMS at onboarding or by an admin's reset): the API refuses everything else (code 4031), so
 * nothing of the admin area opens until this is done. Asks for exactly what is temporary, and
 * for the temporary PIN from the SMS first when only the PIN was reset (the API counts a wrong
 * one like any PIN).
 */
export function SetCredentialsScreen({ temporary }: { temporary: TemporaryCredential[] }) {
  const needsPassword = temporary.includes('password');
  const needsPin = temporary.includes('pin');
  const needsTemporaryPin = asksTemporaryPin({
    passwordTemporary: needsPassword,
    pinTemporary: needsPin,
  });
  const title =
    needsPassword && needsPin
      ? 'Set your password and PIN'
      : needsPassword
        ? 'Set your password'
        : 'Set your PIN';
  usePageTitle(title);
  const set = useSetCredentials();
  const logout = useLogout();

  const submit = (values: CredentialValues) =>
    set.mutate(
      {
        newPassword: needsPassword ? values.newPassword : undefined,
        newPin: needsPin ? values.newPin : undefined,
        temporaryPin: needsTemporaryPin ? values.temporaryPin : undefined,
      },
      { onSuccess: (answer) => replaceSessionToken(answer.token) },
    );

  return (
    <main className="set-credentials">
      <Card className="set-credentials__card">
        <Typography.Title level={1} className="set-credentials__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph>
          {needsPassword
            ? 'You signed in with a temporary password. Choose your own password'
            : 'Your PIN was reset. Enter the temporary PIN we sent you by SMS, then choose a new PIN'}
          {needsPassword && needsPin ? ' and the transaction PIN asked on every payment.' : '.'} The
          temporary value stops working.
        </Typography.Paragraph>
        {set.error && (
          <Alert
            className="set-credentials__alert"
            type="error"
            showIcon
            title={set.error.message}
            data-testid="set-credentials-error"
          />
        )}
        <Form<CredentialValues>
          name="set-credentials"
          layout="vertical"
          requiredMark={false}
          disabled={set.isPending}
          onFinish={submit}
          onValuesChange={() => {
            if (set.error) set.reset();
          }}
        >
          {needsTemporaryPin && (
            <Form.Item
              name="temporaryPin"
              label="Temporary PIN (from the SMS)"
              rules={[ruleFrom(checkPin)]}
            >
              <Input.Password
                size="large"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={PIN_MAX_LENGTH}
              />
            </Form.Item>
          )}
          {needsPassword && (
            <>
              <Form.Item
                name="newPassword"
                label="New password"
                rules={[ruleFrom(checkNewPassword)]}
                extra={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              >
                <Input.Password size="large" autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label="Confirm new password"
                dependencies={['newPassword']}
                rules={[
                  { required: true, message: 'Please confirm your password!' },
                  sameAs('newPassword', 'The two passwords do not match.'),
                ]}
              >
                <Input.Password size="large" autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          {needsPin && (
            <>
              <Form.Item
                name="newPin"
                label="New transaction PIN"
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
                label="Confirm new PIN"
                dependencies={['newPin']}
                rules={[
                  { required: true, message: 'Please confirm your PIN!' },
                  sameAs('newPin', 'The two PINs do not match.'),
                ]}
              >
                <Input.Password
                  size="large"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={PIN_MAX_LENGTH}
                />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={set.isPending}>
            Save and continue
          </Button>
        </Form>
        <Button
          className="set-credentials__logout"
          type="link"
          block
          onClick={() => logout.mutate()}
          loading={logout.isPending}
        >
          Logout
        </Button>
        <Typography.Paragraph type="secondary" className="set-credentials__hint">
          {OnboardingMessages.mustChange}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
