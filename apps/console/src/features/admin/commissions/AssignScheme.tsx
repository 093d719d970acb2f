import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ROLE_KINDS,
  type RoleKind,
  SCHEME_SERVICES,
  type SchemeDefaultRequest,
  type SchemeService,
} from '@khata/domain';
import { formatMoney } from '../../../i18n/format';
import { type SchemeRow, useAssignScheme, useSetDefaultScheme, useSetUserRates } from './api';

const ROLE_DEFAULT = 'role-default';

/** Assigns a scheme to one user (by mobile), or makes a scheme a role's default. */
export function AssignScheme({
  schemes,
  serviceLabels,
  roleLabels,
}: {
  schemes: SchemeRow[];
  serviceLabels: Record<SchemeService, string>;
  roleLabels: Record<RoleKind, string>;
}) {
  const { t } = useTranslation('commissions');
  const assign = useAssignScheme();
  const setDefault = useSetDefaultScheme();
  const setRates = useSetUserRates();
  const [userForm] = Form.useForm<{ mobile: string; service: SchemeService; schemeId: string }>();
  const [roleForm] = Form.useForm<SchemeDefaultRequest>();
  const service = Form.useWatch('service', userForm) ?? 'payout';
  const [done, setDone] = useState<string>();
  const options = (only?: SchemeService) =>
    schemes
      .filter((scheme) => !only || scheme.service === only)
      .map((scheme) => ({
        value: scheme.id,
        label: only
          ? scheme.name
          : t('assign.schemeOption', { name: scheme.name, service: serviceLabels[scheme.service] }),
      }));

  return (
    <div className="commissions__assign">
      <Typography.Title level={5}>{t('assign.title')}</Typography.Title>
      {/* Each form names its own ids: all three have a `mobile` or `schemeId` field, and a label
          pointing at another form's field gave that field two names and its own none. */}
      <Form
        name="assign-scheme"
        form={userForm}
        layout="vertical"
        initialValues={{ service: 'payout', schemeId: ROLE_DEFAULT }}
        onFinish={(values) => {
          setDone(undefined);
          void assign
            .mutateAsync({
              mobile: values.mobile,
              service: values.service,
              schemeId: values.schemeId === ROLE_DEFAULT ? null : values.schemeId,
            })
            .then((answer) => setDone(answer.message))
            .catch(() => undefined);
        }}
      >
        <div className="commissions__form-row">
          <Form.Item
            name="mobile"
            label={t('assign.mobile')}
            rules={[{ required: true, message: t('assign.mobileRequired') }]}
          >
            <Input inputMode="numeric" maxLength={10} />
          </Form.Item>
          <Form.Item name="service" label={t('assign.service')}>
            <Select
              options={SCHEME_SERVICES.map((value) => ({ value, label: serviceLabels[value] }))}
              onChange={() => userForm.setFieldValue('schemeId', ROLE_DEFAULT)}
            />
          </Form.Item>
          <Form.Item name="schemeId" label={t('assign.scheme')}>
            <Select
              options={[
                { value: ROLE_DEFAULT, label: t('assign.roleDefault') },
                ...options(service),
              ]}
            />
          </Form.Item>
          <Form.Item label=" ">
            <Button htmlType="submit" loading={assign.isPending}>
              {t('assign.assign')}
            </Button>
          </Form.Item>
        </div>
      </Form>
      {assign.isError && <Alert type="error" showIcon title={assign.error.message} />}

      <Typography.Title level={5}>{t('assign.defaultTitle')}</Typography.Title>
      <Form
        name="default-scheme"
        form={roleForm}
        layout="vertical"
        initialValues={{ roleKind: 'employee2' }}
        onFinish={(values) => {
          setDone(undefined);
          void setDefault
            .mutateAsync(values)
            .then((answer) => setDone(answer.message))
            .catch(() => undefined);
        }}
      >
        <div className="commissions__form-row">
          <Form.Item name="roleKind" label={t('assign.role')}>
            <Select
              options={ROLE_KINDS.map((kind) => ({ value: kind, label: roleLabels[kind] }))}
            />
          </Form.Item>
          <Form.Item
            name="schemeId"
            label={t('assign.scheme')}
            rules={[{ required: true, message: t('assign.schemeRequired') }]}
          >
            <Select options={options()} />
          </Form.Item>
          <Form.Item label=" ">
            <Button htmlType="submit" loading={setDefault.isPending}>
              {t('assign.makeDefault')}
            </Button>
          </Form.Item>
        </div>
      </Form>
      {setDefault.isError && <Alert type="error" showIcon title={setDefault.error.message} />}

      <Typography.Title level={5}>{t('assign.ownFees.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('assign.ownFees.text', {
          first: formatMoney(25_000_00),
          second: formatMoney(1_00_000_00),
        })}
      </Typography.Paragraph>
      <Form
        name="user-rates"
        layout="vertical"
        onFinish={(values: {
          mobile: string;
          limit1?: number | null;
          limit2?: number | null;
          limit3?: number | null;
        }) => {
          setDone(undefined);
          const slab = (value?: number | null) =>
            value === undefined || value === null ? null : { flatBase: value };
          void setRates
            .mutateAsync({
              mobile: values.mobile,
              payout: {
                limit1: slab(values.limit1),
                limit2: slab(values.limit2),
                limit3: slab(values.limit3),
              },
            })
            .then((answer) => setDone(answer.message))
            .catch(() => undefined);
        }}
      >
        <div className="commissions__form-row">
          <Form.Item
            name="mobile"
            label={t('assign.ownFees.mobile')}
            rules={[{ required: true, message: t('assign.mobileRequired') }]}
          >
            <Input
              inputMode="numeric"
              maxLength={10}
              aria-label={t('assign.ownFees.retailerMobile')}
            />
          </Form.Item>
          {(['limit1', 'limit2', 'limit3'] as const).map((limit, index) => (
            <Form.Item
              key={limit}
              name={limit}
              label={t('assign.ownFees.slabFee', { n: index + 1 })}
            >
              <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <Form.Item label=" ">
            <Button htmlType="submit" loading={setRates.isPending}>
              {t('assign.ownFees.save')}
            </Button>
          </Form.Item>
        </div>
      </Form>
      {setRates.isError && <Alert type="error" showIcon title={setRates.error.message} />}
      {done && <Alert type="success" showIcon title={done} />}
    </div>
  );
}
