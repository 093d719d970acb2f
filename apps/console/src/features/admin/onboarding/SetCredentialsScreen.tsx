import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  asksTemporaryPin,
  checkNewPassword,
  PASSWORD_MIN_LENGTH,
  checkPin,
  OnboardingMessages,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  type TemporaryCredential,
} from '@khata/domain';
import { replaceSessionToken, useLogout } from '../../auth';
import { ruleFrom, sameAs } from '../../../ui/formRules';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useSetCredentials } from './api';
import './onboarding.css';
import { localizeMessage } from '../../../i18n/messages';

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
  const { t } = useTranslation('onboarding');
  const needsPassword = temporary.includes('password');
  const needsPin = temporary.includes('pin');
  const needsTemporaryPin = asksTemporaryPin({
    passwordTemporary: needsPassword,
    pinTemporary: needsPin,
  });
  const title =
    needsPassword && needsPin
      ? t('setCredentials.title.both')
      : needsPassword
        ? t('setCredentials.title.password')
        : t('setCredentials.title.pin');
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
          {needsPassword && needsPin
            ? t('setCredentials.intro.both')
            : needsPassword
              ? t('setCredentials.intro.password')
              : t('setCredentials.intro.pin')}
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
              label={t('setCredentials.temporaryPin')}
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
                label={t('setCredentials.newPassword')}
                rules={[ruleFrom(checkNewPassword)]}
                extra={t('setCredentials.newPasswordExtra', { min: PASSWORD_MIN_LENGTH })}
              >
                <Input.Password size="large" autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('setCredentials.confirmPassword')}
                dependencies={['newPassword']}
                rules={[
                  { required: true, message: t('setCredentials.confirmPasswordRequired') },
                  sameAs('newPassword', t('setCredentials.passwordsDiffer')),
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
                label={t('setCredentials.newPin')}
                rules={[ruleFrom(checkPin)]}
                extra={t('setCredentials.newPinExtra', {
                  min: PIN_MIN_LENGTH,
                  max: PIN_MAX_LENGTH,
                })}
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
                label={t('setCredentials.confirmPin')}
                dependencies={['newPin']}
                rules={[
                  { required: true, message: t('setCredentials.confirmPinRequired') },
                  sameAs('newPin', t('setCredentials.pinsDiffer')),
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
            {t('setCredentials.submit')}
          </Button>
        </Form>
        <Button
          className="set-credentials__logout"
          type="link"
          block
          onClick={() => logout.mutate()}
          loading={logout.isPending}
        >
          {t('setCredentials.logout')}
        </Button>
        <Typography.Paragraph type="secondary" className="set-credentials__hint">
          {localizeMessage(OnboardingMessages.mustChange)}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
