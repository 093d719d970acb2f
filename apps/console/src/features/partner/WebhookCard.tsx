import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('partner');
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
    <Card className="partner-card" title={t('webhook.title')}>
      <Typography.Paragraph type="secondary">
        <Trans t={t} i18nKey="webhook.intro" components={{ code: <code /> }} />
      </Typography.Paragraph>
      {secret && (
        <ShownOnce
          label={t('webhook.secretLabel')}
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
        <Form.Item label={t('webhook.url')} name="url" rules={[urlRule]}>
          <Input placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('webhook.save')}
          </Button>
          <Button onClick={() => setRotating(true)} disabled={!current?.url}>
            {t('webhook.rotate')}
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" className="partner-webhook__state">
        {current?.hasSecret
          ? t('webhook.secretMade', { when: when(current.secretCreatedAt) })
          : t('webhook.noSecret')}
      </Typography.Paragraph>
      <PinModal
        open={rotating}
        title={t('webhook.rotateTitle')}
        okText={t('webhook.rotateOk')}
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
        <p>{t('webhook.rotateBody')}</p>
      </PinModal>
    </Card>
  );
}
