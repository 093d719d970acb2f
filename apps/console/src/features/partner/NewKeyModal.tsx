import { Alert, Form, Input, Modal } from 'antd';
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
  const [form] = Form.useForm<StepUp>();
  return (
    <Modal
      open={props.asked !== undefined}
      title="Confirm the new API key"
      okText="Create key"
      confirmLoading={props.loading}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <p>
        <strong>{props.asked?.name}</strong> ({props.asked?.scopes.join(', ')}).{' '}
        {props.asked?.message}
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
        <Form.Item name="otp" label="OTP" rules={[ruleFrom(checkOtp)]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Form.Item name="pin" label="PIN" rules={[ruleFrom(checkPin)]}>
          <Input.Password inputMode="numeric" autoComplete="off" maxLength={PIN_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
