import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { checkWebhookUrl } from '@khata/domain';
import { ruleFrom } from '../../ui/formRules';
import { useRotateWebhookSecret, useSetWebhook, useWebhook } from './api';
import { when } from './format';
import { PinModal } from './PinModal';
import { ShownOnce } from './ShownOnce';

/** The shape only: whether plain http to localhost is allowed is the API's call. */
const urlRule = ruleFrom((value) => checkWebhookUrl(value, { allowLocalHttp: true }));

/** Where payout events go, and the secret they are signed with (shown once when made). */
export function WebhookCard() {
  const webhook = useWebhook();
  const save = useSetWebhook();
  const rotate = useRotateWebhookSecret();
  const [form] = Form.useForm<{ url?: string }>();
  const [secret, setSecret] = useState<string>();
  const [rotating, setRotating] = useState(false);
  const current = webhook.data;

  useEffect(() => {
    if (current?.url) form.setFieldsValue({ url: current.url });
  }, [current?.url, form]);

  return (
    <Card className="partner-card" title="Webhook">
      <Typography.Paragraph type="secondary">
        Each status of your payouts is posted here as JSON, signed with the secret below in{' '}
        <code>X-Khata-Signature</code>, and retried until your server answers 2xx.
      </Typography.Paragraph>
      {secret && (
        <ShownOnce
          label="Your webhook signing secret"
          value={secret}
          onClose={() => setSecret(undefined)}
        />
      )}
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
      <Form
        form={form}
        name="webhook"
        layout="vertical"
        disabled={save.isPending}
        onFinish={(values) =>
          save.mutate(values.url?.trim() ?? '', {
            onSuccess: (answer) => answer.secret && setSecret(answer.secret),
          })
        }
      >
        <Form.Item label="Webhook URL" name="url" rules={[urlRule]}>
          <Input placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save URL
          </Button>
          <Button onClick={() => setRotating(true)} disabled={!current?.url}>
            Rotate secret
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" className="partner-webhook__state">
        {current?.hasSecret
          ? `Signing secret made ${when(current.secretCreatedAt)}.`
          : 'No signing secret yet: save a URL, or rotate, to make one.'}
      </Typography.Paragraph>
      <PinModal
        open={rotating}
        title="Rotate signing secret"
        okText="Make a new secret"
        loading={rotate.isPending}
        error={rotate.error?.message}
        onCancel={() => {
          setRotating(false);
          rotate.reset();
        }}
        onConfirm={(pin) =>
          rotate.mutate(pin, {
            onSuccess: (answer) => {
              setRotating(false);
              rotate.reset();
              if (answer.secret) setSecret(answer.secret);
            },
          })
        }
      >
        <p>The old secret stops signing at once; update your server with the new one.</p>
      </PinModal>
    </Card>
  );
}
