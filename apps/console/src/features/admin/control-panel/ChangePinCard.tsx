import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkChangePin, PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '@khata/domain';
import { useChangePin } from './api';
import { CardAnswer } from './CardAnswer';

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
  const [form] = Form.useForm<PinValues>();
  const change = useChangePin();
  const [refusal, setRefusal] = useState<string>();
  const shown = refusal ?? (change.isError ? change.error.message : undefined);
  // The answer is said in the card, with the focus on it (issue 30), not in a passing toast.
  const done = change.isSuccess ? change.data : undefined;

  const submit = (values: PinValues) => {
    const checked = checkChangePin(values);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    change.mutate(checked.value, {
      onSuccess: () => {
        form.resetFields();
      },
    });
  };

  return (
    <Card className="admin-card" title={t('pin.title')}>
      <CardAnswer
        refusal={shown}
        refusalKey={refusal ?? change.error}
        done={done}
        testId="change-pin-error"
      />
      <Form<PinValues>
        form={form}
        name="change-pin"
        layout="vertical"
        disabled={change.isPending}
        onFinish={submit}
        onValuesChange={() => {
          setRefusal(undefined);
          if (!change.isIdle) change.reset();
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
