import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, List, Tag, Typography } from 'antd';
import {
  checkApiKeyName,
  checkScopes,
  PARTNER_SCOPES,
  type ApiKeySummary,
  type PartnerScope,
} from '@khata/domain';
import { ruleFrom } from '../../ui/formRules';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import { when } from './format';
import { PinModal } from './PinModal';
import { ShownOnce } from './ShownOnce';
import './partner.css';

const SCOPE_WORDS: Record<PartnerScope, string> = {
  'payouts:write': 'Send payouts',
  'payouts:read': 'Read payouts',
  'balance:read': 'Read balance',
};

interface NewKey {
  name?: string;
  scopes?: PartnerScope[];
}

/** The partner's API keys: make one (shown once), see each by prefix, revoke with the PIN. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [form] = Form.useForm<NewKey>();
  const [shown, setShown] = useState<string>();
  const [revoking, setRevoking] = useState<ApiKeySummary>();

  const submit = (values: NewKey) =>
    create.mutate(
      { name: values.name ?? '', scopes: values.scopes ?? [] },
      {
        onSuccess: (made) => {
          setShown(made.apiKey);
          form.resetFields();
        },
      },
    );

  return (
    <Card className="partner-card" title="API keys">
      <Typography.Paragraph type="secondary">
        Your systems send the whole key in <code>X-Khata-Key</code> and sign each call with its
        secret (see the API reference). Only the prefix is kept on view.
      </Typography.Paragraph>
      {shown && (
        <ShownOnce label="Your new API key" value={shown} onClose={() => setShown(undefined)} />
      )}
      {create.isError && <Alert type="error" showIcon title={create.error.message} />}
      <Form<NewKey>
        form={form}
        name="new-api-key"
        layout="vertical"
        initialValues={{ scopes: [...PARTNER_SCOPES] }}
        onFinish={submit}
        disabled={create.isPending}
        className="partner-key-form"
      >
        <Form.Item label="Key name" name="name" rules={[ruleFrom(checkApiKeyName)]}>
          <Input placeholder="Orders server" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Scopes" name="scopes" rules={[ruleFrom(checkScopes)]}>
          <Checkbox.Group
            options={PARTNER_SCOPES.map((scope) => ({ value: scope, label: SCOPE_WORDS[scope] }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create API key
        </Button>
      </Form>

      <ApiKeyList keys={keys.data} loading={keys.isPending} onRevoke={setRevoking} />
      <PinModal
        open={revoking !== undefined}
        title="Revoke API key"
        okText="Revoke key"
        danger
        loading={revoke.isPending}
        error={revoke.error?.message}
        onCancel={() => {
          setRevoking(undefined);
          revoke.reset();
        }}
        onConfirm={(pin) =>
          revoking &&
          revoke.mutate(
            { id: revoking.id, pin },
            {
              onSuccess: () => {
                setRevoking(undefined);
                revoke.reset();
              },
            },
          )
        }
      >
        <p>
          Calls with <code>{revoking?.prefix}</code> stop working at once. This cannot be undone.
        </p>
      </PinModal>
    </Card>
  );
}

/** Keys by prefix, live first, each with its scopes and dates; revoke is the caller's. */
export function ApiKeyList({
  keys,
  loading,
  onRevoke,
}: {
  keys: ApiKeySummary[] | undefined;
  loading: boolean;
  onRevoke: (key: ApiKeySummary) => void;
}) {
  return (
    <List<ApiKeySummary>
      className="partner-keys"
      loading={loading}
      dataSource={keys ?? []}
      locale={{ emptyText: 'No API keys yet.' }}
      renderItem={(key) => (
        <List.Item
          data-testid="api-key-row"
          actions={
            key.revokedAt
              ? []
              : [
                  <Button key="revoke" danger size="small" onClick={() => onRevoke(key)}>
                    Revoke
                  </Button>,
                ]
          }
        >
          <div className="partner-key">
            <div className="partner-key__head">
              <strong>{key.name}</strong>
              {key.revokedAt ? <Tag color="red">Revoked</Tag> : <Tag color="green">Active</Tag>}
            </div>
            <Typography.Text code className="partner-key__prefix">
              {key.prefix}
            </Typography.Text>
            <div className="partner-key__scopes">
              {key.scopes.map((scope) => (
                <Tag key={scope}>{scope}</Tag>
              ))}
            </div>
            <Typography.Text type="secondary" className="partner-key__dates">
              Created {when(key.createdAt)} · Last used {when(key.lastUsedAt)}
              {key.revokedAt && ` · Revoked ${when(key.revokedAt)}`}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}
