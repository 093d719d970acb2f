import { useState } from 'react';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AepsMessages, checkAadhaar } from '@khata/domain';
import { useDailyAuth, useRegisterAgent } from './api';
import { AadhaarField } from './AadhaarField';
import { FingerprintCapture } from './FingerprintCapture';
import { useFingerprint } from './useFingerprint';
import { localizeMessage } from '../../../i18n/messages';

/**
 * Issue 26: the shop owner's AEPS registration, once: their own Aadhaar and fingerprint, the
 * provider's e-KYC of the agent. Until it is done no customer can be served, so it is the
 * whole screen.
 */
export function RegisterCard() {
  const { t } = useTranslation('aeps-counter');
  const [form] = Form.useForm<{ aadhaar?: string }>();
  const fingerprint = useFingerprint();
  const register = useRegisterAgent();
  const [refusal, setRefusal] = useState<string>();

  const submit = ({ aadhaar }: { aadhaar?: string }) => {
    const checked = checkAadhaar(aadhaar);
    if (!checked.ok) return setRefusal(checked.message);
    if (!fingerprint.taken) return setRefusal(localizeMessage(AepsMessages.agentPidRequired));
    register.mutate(
      { aadhaar: checked.value, pid: fingerprint.taken.pid },
      {
        onError: (error) => setRefusal(error.message),
        onSettled: () => {
          // The number is not kept, nor the capture: a second try takes both again.
          form.resetFields();
          fingerprint.clear();
          register.reset();
        },
      },
    );
  };

  return (
    <Card className="admin-card aeps-setup" title={t('register.title')}>
      <Typography.Paragraph>{t('register.intro')}</Typography.Paragraph>
      <Form
        form={form}
        name="aeps-register"
        layout="vertical"
        requiredMark="optional"
        onFinish={submit}
        onValuesChange={() => setRefusal(undefined)}
      >
        {refusal && <Alert className="aeps-alert" type="error" showIcon title={refusal} />}
        <AadhaarField label={t('register.aadhaar')} />
        <Form.Item label={t('register.fingerprint')} required>
          <FingerprintCapture fingerprint={fingerprint} label={t('register.capture')} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={register.isPending}
          disabled={!fingerprint.taken}
        >
          {t('register.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Issue 26: the agent's own fingerprint once per India day (the provider's 2FA), before the
 * first cash withdrawal or Aadhaar Pay; enquiries do not wait for it.
 */
export function DailyAuthBanner() {
  const { t } = useTranslation('aeps-counter');
  const fingerprint = useFingerprint();
  const auth = useDailyAuth();
  const [refusal, setRefusal] = useState<string>();

  const submit = () => {
    if (!fingerprint.taken) return setRefusal(localizeMessage(AepsMessages.agentPidRequired));
    auth.mutate(
      { pid: fingerprint.taken.pid },
      {
        onError: (error) => setRefusal(error.message),
        onSettled: () => fingerprint.clear(),
      },
    );
  };

  return (
    <Alert
      className="aeps-daily"
      type="warning"
      showIcon
      role="region"
      aria-label={t('daily.title')}
      title={t('daily.title')}
      description={
        <div className="aeps-daily__body">
          <p className="aeps-daily__text">{t('daily.intro')}</p>
          {refusal && <Alert type="error" showIcon title={refusal} />}
          <div className="aeps-daily__actions">
            <FingerprintCapture fingerprint={fingerprint} label={t('daily.capture')} />
            <Button
              type="primary"
              size="large"
              loading={auth.isPending}
              disabled={!fingerprint.taken}
              onClick={submit}
            >
              {t('daily.submit')}
            </Button>
          </div>
        </div>
      }
    />
  );
}
