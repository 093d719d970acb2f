import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPasswordChange, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@khata/domain';
import { useChangePassword } from './api';
import { CardAnswer } from './CardAnswer';

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
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const [refusal, setRefusal] = useState<string>();
  const shown = refusal ?? (change.isError ? change.error.message : undefined);
  // The answer is said in the card, with the focus on it (issue 30), not in a passing toast.
  const done = change.isSuccess ? change.data : undefined;

  const submit = (values: PasswordValues) => {
    const checked = checkPasswordChange(values);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    change.mutate(
      { ...checked.value, confirmPassword: checked.value.newPassword },
      {
        onSuccess: () => {
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card className="admin-card" title={t('password.title')}>
      <CardAnswer
        refusal={shown}
        refusalKey={refusal ?? change.error}
        done={done}
        testId="change-password-error"
      />
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        disabled={change.isPending}
        onFinish={submit}
        onValuesChange={() => {
          setRefusal(undefined);
          if (!change.isIdle) change.reset();
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
