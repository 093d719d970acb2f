import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkBusinessName,
  checkMobile,
  checkName,
  checkPin,
  checkWebhookUrl,
  MOBILE_DIGITS,
  type CreatePartnerRequest,
} from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useCreatePartner } from './api';

type Values = Partial<Record<keyof CreatePartnerRequest | 'pin', string>>;

/** The console checks the shape; the API alone knows whether plain http to localhost is fine. */
const webhookRule = ruleFrom((value) =>
  value === undefined || value === ''
    ? { ok: true, value }
    : checkWebhookUrl(value, { allowLocalHttp: true }),
);

/** /admin/createPartner: a business that pays out from its own systems (issue 12). */
export function CreatePartnerPage() {
  return (
    <RequireMenuItem item="createPartner">
      <CreatePartner />
    </RequireMenuItem>
  );
}

function CreatePartner() {
  const { t } = useTranslation('create-partner');
  const [form] = Form.useForm<Values>();
  const create = useCreatePartner();
  const [made, setMade] = useState<{ name: string; mobile: string; message: string }>();

  const submit = (values: Values) => {
    const webhookUrl = values.webhookUrl?.trim();
    const request: CreatePartnerRequest = {
      name: values.name ?? '',
      mobile: values.mobile ?? '',
      businessName: values.businessName ?? '',
      ...(webhookUrl ? { webhookUrl } : {}),
    };
    create.mutate(
      { ...request, pin: values.pin ?? '' },
      {
        onSuccess: ({ user, message }) => {
          setMade({ name: request.businessName, mobile: user.mobile, message });
          form.resetFields();
        },
      },
    );
  };

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <Card className="admin-card admin-form">
        {made && (
          <Alert
            type="success"
            showIcon
            data-testid="partner-created"
            title={t('created', { name: made.name, mobile: made.mobile })}
            description={made.message}
            closable={{ onClose: () => setMade(undefined), 'aria-label': t('dismiss') }}
          />
        )}
        {create.isError && <Alert type="error" showIcon title={create.error.message} />}
        <Form<Values>
          form={form}
          name="create-partner"
          layout="vertical"
          requiredMark={false}
          disabled={create.isPending}
          onFinish={submit}
          onValuesChange={() => create.isError && create.reset()}
        >
          <Form.Item label={t('fields.name')} name="name" rules={[ruleFrom(checkName)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields.mobile')} name="mobile" rules={[ruleFrom(checkMobile)]}>
            <Input inputMode="numeric" maxLength={MOBILE_DIGITS} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('fields.businessName')}
            name="businessName"
            rules={[ruleFrom(checkBusinessName)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('fields.webhookUrl.label')}
            name="webhookUrl"
            rules={[webhookRule]}
            extra={t('fields.webhookUrl.extra')}
          >
            <Input placeholder="https://" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('fields.pin.label')}
            name="pin"
            rules={[ruleFrom(checkPin)]}
            extra={t('fields.pin.extra')}
          >
            <Input.Password inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} block>
            {t('submit')}
          </Button>
        </Form>
      </Card>
    </AdminPage>
  );
}
