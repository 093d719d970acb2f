import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, List, Tag, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import {
  checkApiKeyName,
  checkScopes,
  PARTNER_SCOPES,
  type ApiKeyOtpRequest,
  type ApiKeySummary,
  type CreatedApiKeyAnswer,
  type PartnerScope,
} from '@khata/domain';
import { ruleFrom } from '../../ui/formRules';
import { useApiKeyOtp, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import { when } from './format';
import { NewKeyModal } from './NewKeyModal';
import { PinModal } from './PinModal';
import { ShownOnce } from './ShownOnce';
import './partner.css';

const SCOPE_WORDS = {
  'payouts:write': 'apiKeys.scopes.payoutsWrite',
  'payouts:read': 'apiKeys.scopes.payoutsRead',
  'balance:read': 'apiKeys.scopes.balanceRead',
} as const satisfies Record<PartnerScope, string>;

interface NewKey {
  name?: string;
  scopes?: PartnerScope[];
}

/**
 * The partner's API keys: make one (with the OTP sent to the registered mobile and the PIN; the
 * secret shown once), see each by its key id, revoke with the PIN.
 */
export function ApiKeysCard() {
  const { t } = useTranslation('partner');
  const keys = useApiKeys();
  const askOtp = useApiKeyOtp();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [form] = Form.useForm<NewKey>();
  const [asked, setAsked] = useState<
    ApiKeyOtpRequest & { referenceKey: string; message: string }
  >();
  const [made, setMade] = useState<CreatedApiKeyAnswer>();
  const [revoking, setRevoking] = useState<ApiKeySummary>();

  const submit = (values: NewKey) => {
    const request = { name: values.name ?? '', scopes: values.scopes ?? [] };
    askOtp.mutate(request, {
      onSuccess: ({ referenceKey, message }) => setAsked({ ...request, referenceKey, message }),
    });
  };
  const closeStepUp = () => {
    setAsked(undefined);
    create.reset();
  };

  return (
    <Card className="partner-card" title={t('apiKeys.title')}>
      <Typography.Paragraph type="secondary">
        <Trans t={t} i18nKey="apiKeys.intro" components={{ code: <code /> }} />
      </Typography.Paragraph>
      {made && (
        <div className="partner-made" data-testid="new-key">
          <Typography.Paragraph className="partner-made__id">
            {t('apiKeys.keyId')}{' '}
            <Typography.Text code copyable data-testid="new-key-id">
              {made.keyId}
            </Typography.Text>
          </Typography.Paragraph>
          <ShownOnce
            label={t('apiKeys.secretLabel')}
            value={made.secret}
            onClose={() => setMade(undefined)}
          />
        </div>
      )}
      {askOtp.isError && <Alert type="error" showIcon title={askOtp.error.message} />}
      <Form<NewKey>
        form={form}
        name="new-api-key"
        layout="vertical"
        initialValues={{ scopes: [...PARTNER_SCOPES] }}
        onFinish={submit}
        disabled={askOtp.isPending}
        className="partner-key-form"
      >
        <Form.Item label={t('apiKeys.name')} name="name" rules={[ruleFrom(checkApiKeyName)]}>
          <Input placeholder={t('apiKeys.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('apiKeys.scopesLabel')} name="scopes" rules={[ruleFrom(checkScopes)]}>
          <Checkbox.Group
            options={PARTNER_SCOPES.map((scope) => ({
              value: scope,
              label: t(SCOPE_WORDS[scope]),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={askOtp.isPending}>
          {t('apiKeys.create')}
        </Button>
      </Form>
      <NewKeyModal
        asked={asked}
        loading={create.isPending}
        error={create.error?.message}
        onCancel={closeStepUp}
        onConfirm={({ otp, pin }) =>
          asked &&
          create.mutate(
            { referenceKey: asked.referenceKey, otp, pin },
            {
              onSuccess: (answer) => {
                setMade(answer);
                closeStepUp();
                form.resetFields();
              },
            },
          )
        }
      />

      <ApiKeyList keys={keys.data} loading={keys.isPending} onRevoke={setRevoking} />
      <PinModal
        open={revoking !== undefined}
        title={t('apiKeys.revokeTitle')}
        okText={t('apiKeys.revokeOk')}
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
          <Trans
            t={t}
            i18nKey="apiKeys.revokeBody"
            values={{ prefix: revoking?.prefix }}
            components={{ code: <code /> }}
          />
        </p>
      </PinModal>
    </Card>
  );
}

/** Keys by key id, live first, each with its scopes and dates; revoke is the caller's. */
export function ApiKeyList({
  keys,
  loading,
  onRevoke,
}: {
  keys: ApiKeySummary[] | undefined;
  loading: boolean;
  onRevoke: (key: ApiKeySummary) => void;
}) {
  const { t } = useTranslation('partner');
  return (
    <List<ApiKeySummary>
      className="partner-keys"
      loading={loading}
      dataSource={keys ?? []}
      locale={{ emptyText: t('apiKeys.empty') }}
      renderItem={(key) => (
        <List.Item
          data-testid="api-key-row"
          actions={
            key.revokedAt
              ? []
              : [
                  <Button key="revoke" danger size="small" onClick={() => onRevoke(key)}>
                    {t('apiKeys.revoke')}
                  </Button>,
                ]
          }
        >
          <div className="partner-key">
            <div className="partner-key__head">
              <strong>{key.name}</strong>
              {key.revokedAt ? (
                <Tag color="red">{t('apiKeys.revoked')}</Tag>
              ) : (
                <Tag color="green">{t('apiKeys.active')}</Tag>
              )}
            </div>
            <Typography.Text className="partner-key__prefix">
              {t('apiKeys.keyId')} <Typography.Text code>{key.prefix}</Typography.Text>
            </Typography.Text>
            <div className="partner-key__scopes">
              {key.scopes.map((scope) => (
                <Tag key={scope}>{scope}</Tag>
              ))}
            </div>
            <Typography.Text type="secondary" className="partner-key__dates">
              {key.revokedAt
                ? t('apiKeys.datesRevoked', {
                    created: when(key.createdAt),
                    lastUsed: when(key.lastUsedAt),
                    revoked: when(key.revokedAt),
                  })
                : t('apiKeys.dates', {
                    created: when(key.createdAt),
                    lastUsed: when(key.lastUsedAt),
                  })}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}
