import { Alert, Form, Input, Modal } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { checkOtp, checkPin, PIN_MAX_LENGTH, type ApiKeyOtpRequest } from '@khata/domain';
import { ruleFrom } from '../../ui/formRules';

interface StepUp {
  otp?: string;
  pin?: string;
}

/**
 * Issue 31: a new key is made only with the OTP sent to the partner's registered mobile and the
 * PIN. Both are forgotten when the dialog closes.
 */
export function NewKeyModal(props: {
  /** The key the OTP approves, while the dialog is open. */
  asked: (ApiKeyOtpRequest & { message: string }) | undefined;
  loading: boolean;
  error?: string;
  onConfirm: (stepUp: { otp: string; pin: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('partner');
  const [form] = Form.useForm<StepUp>();
  return (
    <Modal
      open={props.asked !== undefined}
      title={t('newKey.title')}
      okText={t('newKey.ok')}
      cancelText={t('modal.cancel')}
      confirmLoading={props.loading}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <p>
        <Trans
          t={t}
          i18nKey="newKey.summary"
          values={{
            name: props.asked?.name,
            scopes: props.asked?.scopes.join(', '),
            message: props.asked?.message,
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      {props.error && (
        <Alert className="partner-pin__alert" type="error" showIcon title={props.error} />
      )}
      <Form<StepUp>
        form={form}
        name="new-api-key-step-up"
        layout="vertical"
        requiredMark={false}
        preserve={false}
        onFinish={(values) => props.onConfirm({ otp: values.otp ?? '', pin: values.pin ?? '' })}
      >
        <Form.Item name="otp" label={t('newKey.otp')} rules={[ruleFrom(checkOtp)]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Form.Item name="pin" label={t('pin.label')} rules={[ruleFrom(checkPin)]}>
          <Input.Password inputMode="numeric" autoComplete="off" maxLength={PIN_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
