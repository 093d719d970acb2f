import { useState } from 'react';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useRegisterRemitter, useVerifyRemitter } from '../api';
import {
  checkDateOfBirth,
  checkPersonName,
  checkPinCode,
  checkRemitterAddress,
  checkRemitterDocument,
  DmtMessages,
  REMITTER_DOCUMENT_TYPES,
  type RegisterRemitterRequest,
  type RemitterDocumentType,
} from '@khata/domain';
import { ruleFrom } from '../../../../ui/formRules';
import { maskMobile } from '../labels';
import { CustomerOtpForm } from './CustomerOtpForm';
import { localizeMessage } from '../../../../i18n/messages';

export interface RegisterRemitterProps {
  mobile: string;
  /** The registration's OTP is already out (the remitter waits for it): start at the OTP box. */
  otpSent?: boolean;
}

/** The identity documents a remitter shows at the counter, by libs/domain's type. */
const DOCUMENT_KEYS = {
  passport: 'register.document.types.passport',
  drivingLicence: 'register.document.types.drivingLicence',
  voterId: 'register.document.types.voterId',
  nregaJobCard: 'register.document.types.nregaJobCard',
  nprLetter: 'register.document.types.nprLetter',
} as const satisfies Record<RemitterDocumentType, string>;

type RegistrationValues = Omit<RegisterRemitterRequest, 'mobile'>;

/**
 * Issue 25: an unknown customer registers: name, date of birth, address, PIN code and the
 * officially valid document they show at the counter (type and number; never an Aadhaar
 * number), then the OTP Khata sends to their mobile proves the number. The lookup answers
 * the registered remitter after that, and the screen moves on to e-KYC.
 */
export function RegisterRemitter({ mobile, otpSent = false }: RegisterRemitterProps) {
  const { t } = useTranslation('remitters');
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
          message.success(answer.message ?? t('register.otpSent', { mobile: maskMobile(mobile) }));
          setSent(values);
          setStep('otp');
        },
      },
    );

  if (step === 'otp') {
    return (
      <CustomerOtpForm
        intro={
          <Trans
            t={t}
            i18nKey="register.otpIntro"
            values={{ mobile: maskMobile(mobile) }}
            components={{ strong: <strong /> }}
          />
        }
        submitLabel={t('register.verify')}
        loading={verify.isPending}
        error={verify.error?.message}
        onSubmit={(otp) =>
          verify.mutate(
            { mobile, otp },
            {
              onSuccess: (answer) =>
                void message.success(answer.message ?? t('register.registered')),
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
      <p className="dmt-card__intro">{t('register.intro', { mobile: maskMobile(mobile) })}</p>
      {register.isError && (
        <Alert className="dmt-alert" type="error" showIcon title={register.error.message} />
      )}
      <Form.Item
        name="name"
        label={t('register.name')}
        required
        rules={[
          ruleFrom((value) =>
            checkPersonName(value, localizeMessage(DmtMessages.remitterNameInvalid)),
          ),
        ]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="dateOfBirth"
        label={t('register.dateOfBirth')}
        required
        rules={[ruleFrom((value) => checkDateOfBirth(value, new Date()))]}
      >
        <Input type="date" max={new Date().toISOString().slice(0, 10)} />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('register.address')}
        required
        rules={[ruleFrom(checkRemitterAddress)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
      </Form.Item>
      <Form.Item
        name="pinCode"
        label={t('register.pinCode')}
        required
        rules={[ruleFrom(checkPinCode)]}
        normalize={(value: string) => value.replace(/\D/g, '')}
      >
        <Input inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <div className="dmt-pair">
        <Form.Item
          name="documentType"
          label={t('register.document.label')}
          required
          rules={[{ required: true, message: localizeMessage(DmtMessages.documentTypeRequired) }]}
        >
          <Select<RemitterDocumentType>
            placeholder={t('register.document.placeholder')}
            options={REMITTER_DOCUMENT_TYPES.map((type) => ({
              value: type,
              label: t(DOCUMENT_KEYS[type]),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="documentNumber"
          label={t('register.documentNumber.label')}
          required
          extra={t('register.documentNumber.extra')}
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
        {t('register.sendOtp')}
      </Button>
    </Form>
  );
}
