import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPasswordChange, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@khata/domain';
import { useChangePassword } from './api';

interface PasswordValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/**
 * Issue 31: the current password, the new one twice. The whole rule of `libs/domain` runs on
 * submit, so the form and the API refuse in the same words and the same order; the answer
 * says how many other sessions were signed out.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation('control-panel');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const [refusal, setRefusal] = useState<string>();
  const shown = refusal ?? (change.isError ? change.error.message : undefined);

  const submit = (values: PasswordValues) => {
    const checked = checkPasswordChange(values);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    change.mutate(
      { ...checked.value, confirmPassword: checked.value.newPassword },
      {
        onSuccess: (answer) => {
          message.success(answer.message);
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card className="admin-card" title={t('password.title')}>
      {shown && (
        <Alert
          className="control-panel__alert"
          type="error"
          showIcon
          title={shown}
          data-testid="change-password-error"
        />
      )}
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        disabled={change.isPending}
        onFinish={submit}
        onValuesChange={() => {
          setRefusal(undefined);
          if (change.isError) change.reset();
        }}
      >
        <Form.Item name="oldPassword" label={t('password.current')}>
          <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.newExtra', { min: PASSWORD_MIN_LENGTH })}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('password.again')}>
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
