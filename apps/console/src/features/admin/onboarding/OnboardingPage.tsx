import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkMobile,
  checkName,
  checkOptionalEmail,
  checkOptionalShopName,
  checkPin,
  checkRoleInput,
  DEFAULT_PRODUCT_KEY,
  MOBILE_DIGITS,
  normalizeMobile,
  onboardableKinds,
  roleKind,
  roleName,
  USER_ACTION_KINDS,
  type OnboardUserRequest,
} from '@khata/domain';
import { useState } from 'react';
import { ruleFrom } from '../../../ui/formRules';
import { AdminPage } from '../common/AdminPage';
import { useAdminLabels } from '../common/labels';
import { NotYours } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';
import { useOnboardUser } from './api';
import './onboarding.css';

/** The product key of the signed-in user's own role, when it is an employee's; else the default. */
function productKeyOf(role: string): string {
  return /^([a-z][A-Za-z0-9]{0,31})Employee[12]$/.exec(role)?.[1] ?? DEFAULT_PRODUCT_KEY;
}

/** `pin`: the registrar's own PIN, asked only to create an admin (issue 31). */
type OnboardValues = OnboardUserRequest & { pin?: string };

/**
 * /admin/register-user, /admin/register and /admin/directOnBoard: one onboarding form. The
 * roles offered are those the signed-in user may create (libs/domain, the rule the API
 * applies); only an admin may name another upline. No password or PIN: the API sends a
 * temporary password by SMS and the new user sets both at first sign-in.
 */
export function OnboardingPage() {
  const { kind } = useAdminUser();
  // Staff employees see All Users but onboard no one: USER_ACTION_KINDS, as the API says.
  if (!kind || !USER_ACTION_KINDS.includes(kind)) return <NotYours />;
  return <OnboardingForm />;
}

function OnboardingForm() {
  const { t } = useTranslation('onboarding');
  const labels = useAdminLabels();
  const { kind, profile } = useAdminUser();
  const [form] = Form.useForm<OnboardValues>();
  const onboard = useOnboardUser();
  const [created, setCreated] = useState<string>();
  const productKey = productKeyOf(profile.role);
  const kinds = kind ? onboardableKinds(kind) : [];
  const isAdmin = kind === 'admin';
  // What the chosen role can do, in words, so nobody picks a role by its name alone.
  const chosen = roleKind(Form.useWatch('role', form) ?? '', productKey);

  const submit = ({ pin, ...values }: OnboardValues) => {
    setCreated(undefined);
    onboard.mutate(
      {
        ...values,
        ...(chosen === 'admin' && { pin }),
        email: values.email?.trim() || undefined,
        shopName: values.shopName?.trim() || undefined,
        parentMobile: values.parentMobile || undefined,
      },
      {
        onSuccess: (answer) => {
          setCreated(`${answer.message} (${answer.user.mobile})`);
          form.resetFields();
        },
      },
    );
  };

  return (
    <AdminPage title={t('form.title')} intro={t('form.intro')}>
      <Card className="admin-card onboarding__card">
        {created && (
          <Alert
            className="onboarding__alert"
            type="success"
            showIcon
            title={created}
            data-testid="onboarding-success"
          />
        )}
        {onboard.error && (
          <Alert
            className="onboarding__alert"
            type="error"
            showIcon
            title={onboard.error.message}
            data-testid="onboarding-error"
          />
        )}
        <Form<OnboardValues>
          form={form}
          name="onboard-user"
          layout="vertical"
          requiredMark="optional"
          disabled={onboard.isPending}
          onFinish={submit}
          onValuesChange={() => {
            if (onboard.error) onboard.reset();
          }}
        >
          <div className="onboarding__row">
            <Form.Item name="name" label={t('form.name')} required rules={[ruleFrom(checkName)]}>
              <Input size="large" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="mobile"
              label={t('form.mobile')}
              required
              normalize={normalizeMobile}
              rules={[ruleFrom(checkMobile)]}
            >
              <Input
                size="large"
                inputMode="numeric"
                autoComplete="off"
                maxLength={MOBILE_DIGITS}
                prefix={<span>+91</span>}
              />
            </Form.Item>
          </div>
          <div className="onboarding__row">
            <Form.Item
              name="role"
              label={t('form.role')}
              required
              rules={[ruleFrom(checkRoleInput)]}
              extra={chosen && labels.roleSummary(chosen)}
            >
              <Select
                size="large"
                placeholder={t('form.chooseRole')}
                options={kinds.map((each) => ({
                  value: roleName(each, productKey),
                  label: labels.role(each),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="shopName"
              label={t('form.shopName')}
              rules={[ruleFrom(checkOptionalShopName)]}
            >
              <Input size="large" autoComplete="off" />
            </Form.Item>
          </div>
          <div className="onboarding__row">
            <Form.Item name="email" label={t('form.email')} rules={[ruleFrom(checkOptionalEmail)]}>
              <Input size="large" type="email" autoComplete="off" />
            </Form.Item>
            {isAdmin && (
              <Form.Item
                name="parentMobile"
                label={t('form.upline.label')}
                normalize={normalizeMobile}
                extra={t('form.upline.extra')}
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      if (!value) return;
                      const checked = checkMobile(value);
                      if (!checked.ok) throw new Error(checked.message);
                    },
                  },
                ]}
              >
                <Input
                  size="large"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={MOBILE_DIGITS}
                />
              </Form.Item>
            )}
          </div>
          {chosen === 'admin' && (
            <Form.Item
              name="pin"
              label={t('form.pin.label')}
              rules={[ruleFrom(checkPin)]}
              extra={t('form.pin.extra')}
            >
              <Input.Password size="large" inputMode="numeric" autoComplete="off" />
            </Form.Item>
          )}
          <Button
            className="onboarding__submit"
            type="primary"
            htmlType="submit"
            size="large"
            loading={onboard.isPending}
          >
            {t('form.submit')}
          </Button>
        </Form>
      </Card>
    </AdminPage>
  );
}
