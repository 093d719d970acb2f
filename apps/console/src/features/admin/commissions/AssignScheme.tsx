import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { ROLE_KINDS, type RoleKind, SCHEME_SERVICES, type SchemeService } from '@khata/domain';
import { type SchemeRow, useAssignScheme, useSetDefaultScheme } from './api';

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
  const assign = useAssignScheme();
  const setDefault = useSetDefaultScheme();
  const [userForm] = Form.useForm<{ mobile: string; service: SchemeService; schemeId: string }>();
  const [roleForm] = Form.useForm<{ roleKind: string; schemeId: string }>();
  const service = Form.useWatch('service', userForm) ?? 'payout';
  const [done, setDone] = useState<string>();
  const options = (only?: SchemeService) =>
    schemes
      .filter((scheme) => !only || scheme.service === only)
      .map((scheme) => ({
        value: scheme.id,
        label: only ? scheme.name : `${scheme.name} (${serviceLabels[scheme.service]})`,
      }));

  return (
    <div className="commissions__assign">
      <Typography.Title level={5}>Assign to a user</Typography.Title>
      <Form
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
            label="User's mobile"
            rules={[{ required: true, message: 'Please input mobile number!' }]}
          >
            <Input inputMode="numeric" maxLength={10} />
          </Form.Item>
          <Form.Item name="service" label="Service">
            <Select
              options={SCHEME_SERVICES.map((value) => ({ value, label: serviceLabels[value] }))}
              onChange={() => userForm.setFieldValue('schemeId', ROLE_DEFAULT)}
            />
          </Form.Item>
          <Form.Item name="schemeId" label="Scheme">
            <Select
              options={[{ value: ROLE_DEFAULT, label: "The role's default" }, ...options(service)]}
            />
          </Form.Item>
          <Form.Item label=" ">
            <Button htmlType="submit" loading={assign.isPending}>
              Assign
            </Button>
          </Form.Item>
        </div>
      </Form>
      {assign.isError && <Alert type="error" showIcon title={assign.error.message} />}

      <Typography.Title level={5}>Default for a role</Typography.Title>
      <Form
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
          <Form.Item name="roleKind" label="Role">
            <Select
              options={ROLE_KINDS.map((kind) => ({ value: kind, label: roleLabels[kind] }))}
            />
          </Form.Item>
          <Form.Item
            name="schemeId"
            label="Scheme"
            rules={[{ required: true, message: 'Please choose a scheme.' }]}
          >
            <Select options={options()} />
          </Form.Item>
          <Form.Item label=" ">
            <Button htmlType="submit" loading={setDefault.isPending}>
              Make default
            </Button>
          </Form.Item>
        </div>
      </Form>
      {setDefault.isError && <Alert type="error" showIcon title={setDefault.error.message} />}
      {done && <Alert type="success" showIcon title={done} />}
    </div>
  );
}
