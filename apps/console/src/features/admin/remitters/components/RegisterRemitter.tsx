import { useState } from 'react';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useRegisterRemitter, useVerifyRemitter } from '../api';
import {
  checkDateOfBirth,
  checkPersonName,
  checkPinCode,
  checkRemitterAddress,
  checkRemitterDocument,
  DmtMessages,
  REMITTER_DOCUMENT_LABELS,
  REMITTER_DOCUMENT_TYPES,
  type RegisterRemitterRequest,
  type RemitterDocumentType,
} from '@khata/domain';
import { ruleFrom } from '../../../../ui/formRules';
import { maskMobile } from '../labels';
import { CustomerOtpForm } from './CustomerOtpForm';

export interface RegisterRemitterProps {
  mobile: string;
  /** The registration's OTP is already out (the remitter waits for it): start at the OTP box. */
  otpSent?: boolean;
}

type RegistrationValues = Omit<RegisterRemitterRequest, 'mobile'>;

/**
 * Issue 25: an unknown customer registers: name, date of birth, address, PIN code and the
 * officially valid document they show at the counter (type and number; never an Aadhaar
 * number), then the OTP Khata sends to their mobile proves the number. The lookup answers
 * the registered remitter after that, and the screen moves on to e-KYC.
 */
export function RegisterRemitter({ mobile, otpSent = false }: RegisterRemitterProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RegistrationValues>();
  const [step, setStep] = useState<'form' | 'otp'>(otpSent ? 'otp' : 'form');
  const [sent, setSent] = useState<RegistrationValues>();
  const register = useRegisterRemitter();
  const verify = useVerifyRemitter();

  const send = (values: RegistrationValues) =>
    register.mutate(
      { mobile, ...values },
      {
        onSuccess: (answer) => {
          message.success(answer.message ?? `OTP sent to ${maskMobile(mobile)}.`);
          setSent(values);
          setStep('otp');
        },
      },
    );

  if (step === 'otp') {
    return (
      <CustomerOtpForm
        intro={
          <>
            We sent an OTP to the customer&apos;s mobile <strong>{maskMobile(mobile)}</strong>. Ask
            them for it to finish registering.
          </>
        }
        submitLabel="Verify and register"
        loading={verify.isPending}
        error={verify.error?.message}
        onSubmit={(otp) =>
          verify.mutate(
            { mobile, otp },
            {
              onSuccess: (answer) => void message.success(answer.message ?? 'Remitter registered.'),
            },
          )
        }
        onResend={sent ? () => send(sent) : undefined}
        resending={register.isPending}
        onCancel={() => {
          verify.reset();
          setStep('form');
        }}
      />
    );
  }

  return (
    <Form<RegistrationValues>
      form={form}
      name="register-remitter"
      layout="vertical"
      requiredMark="optional"
      disabled={register.isPending}
      initialValues={sent}
      onFinish={send}
      onValuesChange={() => register.isError && register.reset()}
    >
      <p className="dmt-card__intro">
        No remitter has this number yet. Register the customer with their identity document, then
        the OTP sent to {maskMobile(mobile)}.
      </p>
      {register.isError && (
        <Alert className="dmt-alert" type="error" showIcon title={register.error.message} />
      )}
      <Form.Item
        name="name"
        label="Full name (as on the document)"
        required
        rules={[ruleFrom((value) => checkPersonName(value, DmtMessages.remitterNameInvalid))]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="dateOfBirth"
        label="Date of birth"
        required
        rules={[ruleFrom((value) => checkDateOfBirth(value, new Date()))]}
      >
        <Input type="date" max={new Date().toISOString().slice(0, 10)} />
      </Form.Item>
      <Form.Item name="address" label="Address" required rules={[ruleFrom(checkRemitterAddress)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
      </Form.Item>
      <Form.Item
        name="pinCode"
        label="PIN code"
        required
        rules={[ruleFrom(checkPinCode)]}
        normalize={(value: string) => value.replace(/\D/g, '')}
      >
        <Input inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <div className="dmt-pair">
        <Form.Item
          name="documentType"
          label="Identity document"
          required
          rules={[{ required: true, message: DmtMessages.documentTypeRequired }]}
        >
          <Select<RemitterDocumentType>
            placeholder="Choose the document"
            options={REMITTER_DOCUMENT_TYPES.map((type) => ({
              value: type,
              label: REMITTER_DOCUMENT_LABELS[type],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="documentNumber"
          label="Document number"
          required
          extra="Not an Aadhaar number: Khata never takes one."
          dependencies={['documentType']}
          rules={[
            ({ getFieldValue }) =>
              ruleFrom((value) => checkRemitterDocument(getFieldValue('documentType'), value)),
          ]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
        Send OTP to the customer
      </Button>
    </Form>
  );
}
