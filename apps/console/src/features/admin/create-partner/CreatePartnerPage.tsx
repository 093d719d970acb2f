import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
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
    <AdminPage
      title="Create Partner"
      intro="A partner is a business that sends payouts from its own systems with API keys. A temporary password goes to its mobile by SMS: it signs in at Partner login and sets its own password and PIN. Its wallet is funded like any other."
    >
      <Card className="admin-card admin-form">
        {made && (
          <Alert
            type="success"
            showIcon
            data-testid="partner-created"
            title={`${made.name} can now sign in at Partner login with ${made.mobile}.`}
            description={made.message}
            closable={{ onClose: () => setMade(undefined), 'aria-label': 'Dismiss' }}
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
          <Form.Item label="Contact name" name="name" rules={[ruleFrom(checkName)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Mobile number" name="mobile" rules={[ruleFrom(checkMobile)]}>
            <Input inputMode="numeric" maxLength={MOBILE_DIGITS} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Business name"
            name="businessName"
            rules={[ruleFrom(checkBusinessName)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Webhook URL"
            name="webhookUrl"
            rules={[webhookRule]}
            extra="Optional: where payout events go (https). The partner can set it later."
          >
            <Input placeholder="https://" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Your PIN"
            name="pin"
            rules={[ruleFrom(checkPin)]}
            extra="A partner can move money: making one takes your PIN, and every admin is told by SMS."
          >
            <Input.Password inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} block>
            Create partner
          </Button>
        </Form>
      </Card>
    </AdminPage>
  );
}
