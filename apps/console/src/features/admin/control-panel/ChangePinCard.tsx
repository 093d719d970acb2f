import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkChangePin, PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '@khata/domain';
import { useChangePin } from './api';

interface PinValues {
  oldPin?: string;
  newPin?: string;
}

/**
 * Spec §5: both PINs are required ("Both Old PIN and New PIN are required!"), then the rules
 * the API applies (digits, 4 to 10, different). The whole rule runs on submit, so the form
 * and the API refuse in the same words and the same order.
 */
export function ChangePinCard() {
  const { t } = useTranslation('control-panel');
  const { message } = App.useApp();
  const [form] = Form.useForm<PinValues>();
  const change = useChangePin();
  const [refusal, setRefusal] = useState<string>();
  const shown = refusal ?? (change.isError ? change.error.message : undefined);

  const submit = (values: PinValues) => {
    const checked = checkChangePin(values);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    change.mutate(checked.value, {
      onSuccess: (answer) => {
        message.success(answer.message);
        form.resetFields();
      },
    });
  };

  return (
    <Card className="admin-card" title={t('pin.title')}>
      {shown && (
        <Alert
          className="control-panel__alert"
          type="error"
          showIcon
          title={shown}
          data-testid="change-pin-error"
        />
      )}
      <Form<PinValues>
        form={form}
        name="change-pin"
        layout="vertical"
        disabled={change.isPending}
        onFinish={submit}
        onValuesChange={() => {
          setRefusal(undefined);
          if (change.isError) change.reset();
        }}
      >
        <Form.Item name="oldPin" label={t('pin.old')}>
          <Input.Password inputMode="numeric" autoComplete="off" maxLength={PIN_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="newPin"
          label={t('pin.new')}
          extra={t('pin.newExtra', { min: PIN_MIN_LENGTH, max: PIN_MAX_LENGTH })}
        >
          <Input.Password inputMode="numeric" autoComplete="off" maxLength={PIN_MAX_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('pin.submit')}
        </Button>
      </Form>
    </Card>
  );
}
