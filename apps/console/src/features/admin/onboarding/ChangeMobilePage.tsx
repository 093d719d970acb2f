import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  checkMobile,
  checkPin,
  MOBILE_DIGITS,
  normalizeMobile,
  PIN_MAX_LENGTH,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { ruleFrom } from '../../../ui/formRules';
import { OtpFormItem } from '../../../ui/OtpFormItem';
import { endSession } from '../../auth';
import { AdminPage } from '../common/AdminPage';
import { useAdminUser } from '../session/adminUser';
import { useChangeMobile, useChangeMobileOtp } from './api';
import './onboarding.css';

interface ChangeMobileValues {
  newMobile: string;
  otp: string;
  pin: string;
}

/**
 * /admin/changeMobile: one's own sign-in number. An OTP goes to the new number, then the OTP
 * and the PIN change it; every session ends, so the user signs in again with the new number.
 */
export function ChangeMobilePage() {
  const { t } = useTranslation('onboarding');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { profile } = useAdminUser();
  const [form] = Form.useForm<ChangeMobileValues>();
  const [otpSentTo, setOtpSentTo] = useState<string>();
  const sendOtp = useChangeMobileOtp();
  const change = useChangeMobile();
  const error = change.error ?? sendOtp.error;

  const requestOtp = async () => {
    try {
      const { newMobile } = await form.validateFields(['newMobile']);
      sendOtp.mutate(newMobile, { onSuccess: () => setOtpSentTo(newMobile) });
    } catch {
      // The field shows its own message.
    }
  };

  const submit = (values: ChangeMobileValues) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        message.success(answer.message);
        endSession({ chosen: true });
        void navigate(AppPath.login, { replace: true });
      },
    });

  return (
    <AdminPage
      title={t('changeMobile.title')}
      intro={t('changeMobile.intro', { mobile: profile.phoneNumber })}
    >
      <Card className="admin-card onboarding__card">
        {error && (
          <Alert
            className="onboarding__alert"
            type="error"
            showIcon
            title={error.message}
            data-testid="change-mobile-error"
          />
        )}
        <Form<ChangeMobileValues>
          form={form}
          name="change-mobile"
          layout="vertical"
          requiredMark={false}
          disabled={change.isPending}
          onFinish={submit}
          onValuesChange={() => {
            if (change.error) change.reset();
            if (sendOtp.error) sendOtp.reset();
          }}
        >
          <Form.Item
            name="newMobile"
            label={t('changeMobile.newMobile')}
            normalize={normalizeMobile}
            rules={[ruleFrom(checkMobile)]}
          >
            <Input
              size="large"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={MOBILE_DIGITS}
              prefix={<span>+91</span>}
            />
          </Form.Item>
          <OtpFormItem
            sentTo={otpSentTo}
            sending={sendOtp.isPending}
            onSend={() => void requestOtp()}
          />
          <Form.Item name="pin" label={t('changeMobile.pin')} rules={[ruleFrom(checkPin)]}>
            <Input.Password
              size="large"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_MAX_LENGTH}
            />
          </Form.Item>
          <Button
            className="onboarding__submit"
            type="primary"
            htmlType="submit"
            size="large"
            loading={change.isPending}
          >
            {t('changeMobile.submit')}
          </Button>
        </Form>
      </Card>
    </AdminPage>
  );
}
