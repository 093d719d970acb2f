import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Segmented, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  beneficiaryStatus,
  checkAccountToVerify,
  checkBeneficiaryForm,
  checkMobile,
  Messages,
  MOBILE_DIGITS,
  type MessageAnswer,
  normalizeMobile,
  verifiedPayeeName,
} from '@khata/domain';
import { useCreateAepsBeneficiary, useCreateBeneficiary, useVerifyBankAccount } from './api';
import { BankAccountFields } from './BankAccountFields';
import { OtpStep } from './OtpStep';
import { verificationError } from './paymentMessages';
import { localizeMessage } from '../../../i18n/messages';

export interface AddBeneficiaryModalProps {
  open: boolean;
  /** A bank beneficiary (payout or DMT) or an AEPS settlement account. */
  kind: 'bank' | 'aeps';
  onClose: () => void;
}

interface BeneficiaryValues {
  bankId?: string | number;
  bankName?: string;
  ifscCode?: string;
  accountNumber?: string;
  name?: string;
  type: 'payout' | 'dmt';
  remitterMobile?: string;
  beneficiaryMobile?: string;
}

interface PendingOtp {
  beneficiaryId: string;
  referenceKey: string;
  remitterMobile: string;
}

/**
 * Spec §4, §5 beneficiary creation: bank (the IFSC fills from it), IFSC, account number and
 * name, all required. Verify (optional) asks the bank for the payee's name: only a returned
 * name makes the beneficiary verified. DMT beneficiaries then need the remitter's OTP
 * (Register Beneficiary).
 */
export function AddBeneficiaryModal({ open, kind, onClose }: AddBeneficiaryModalProps) {
  const { message } = App.useApp();
  const { t } = useTranslation('payouts');
  const [form] = Form.useForm<BeneficiaryValues>();
  const verify = useVerifyBankAccount();
  const create = useCreateBeneficiary();
  const createAeps = useCreateAepsBeneficiary();
  const [payeeName, setPayeeName] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [otp, setOtp] = useState<PendingOtp>();
  const type = Form.useWatch('type', form);
  const saving = create.isPending || createAeps.isPending;

  const close = () => {
    form.resetFields();
    setPayeeName(undefined);
    setRefusal(undefined);
    setOtp(undefined);
    onClose();
  };

  const verifyAccount = () => {
    const values = form.getFieldsValue();
    const account = checkAccountToVerify(values);
    if (!account.ok) {
      setRefusal(account.message);
      return;
    }
    verify.mutate(
      { ...account.value, ...(values.name ? { name: values.name } : {}) },
      {
        onSuccess: (answer) => {
          const name = verifiedPayeeName(answer.result);
          if (!name) {
            message.error(localizeMessage(Messages.verificationRetry));
            return;
          }
          setPayeeName(name);
          form.setFieldValue('name', name);
          message.success(localizeMessage(Messages.accountVerified));
        },
        onError: (error) => {
          message.error(verificationError(error));
        },
      },
    );
  };

  const save = (values: BeneficiaryValues) => {
    const checked = checkBeneficiaryForm(values);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    const status = beneficiaryStatus(payeeName);
    const body = {
      bankName: checked.value.bankName,
      IfscCode: checked.value.ifscCode,
      AccountNo: checked.value.accountNumber,
      name: checked.value.name,
      status,
    };
    const done = (answer: MessageAnswer) => {
      message.success(localizeMessage(answer.message || Messages.beneficiaryCreated));
      close();
    };
    const failed = (error: Error) => setRefusal(error.message);
    if (kind === 'aeps') {
      createAeps.mutate(body, { onSuccess: done, onError: failed });
      return;
    }
    let remitter: string | undefined;
    if (values.type === 'dmt') {
      const mobile = checkMobile(values.remitterMobile);
      if (!mobile.ok) {
        setRefusal(mobile.message);
        return;
      }
      remitter = mobile.value;
    }
    create.mutate(
      {
        ...body,
        type: values.type,
        ...(remitter ? { mobile: remitter } : {}),
        ...(values.beneficiaryMobile ? { beneficiaryMobileNumber: values.beneficiaryMobile } : {}),
      },
      {
        onSuccess: (answer) => {
          const { beneficiaryId, referenceKey } = answer.data;
          if (remitter && referenceKey) {
            message.success(localizeMessage(answer.message || Messages.beneficiaryCreated));
            setOtp({ beneficiaryId, referenceKey, remitterMobile: remitter });
          } else done(answer);
        },
        onError: failed,
      },
    );
  };

  return (
    <Modal
      open={open}
      title={kind === 'aeps' ? t('add.titleAeps') : t('add.title')}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      {otp ? (
        <OtpStep pending={otp} onDone={close} />
      ) : (
        <Form<BeneficiaryValues>
          form={form}
          name={`beneficiary-${kind}`}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ type: 'payout' }}
          disabled={saving}
          onFinish={save}
          onValuesChange={(changed: Partial<BeneficiaryValues>) => {
            setRefusal(undefined);
            // A verified name belongs to the account it was checked for.
            if ('accountNumber' in changed || 'ifscCode' in changed) setPayeeName(undefined);
          }}
        >
          {refusal && <Alert className="payout__alert" type="error" showIcon title={refusal} />}
          {kind === 'bank' && (
            <Form.Item name="type" label={t('add.for')}>
              <Segmented
                options={[
                  { value: 'payout', label: t('add.forPayout') },
                  { value: 'dmt', label: t('add.forDmt') },
                ]}
              />
            </Form.Item>
          )}
          <BankAccountFields ifscName="ifscCode" />
          <Form.Item
            name="name"
            label={t('add.holderName')}
            required
            extra={
              payeeName ? (
                <Tag color="green" data-testid="verified-payee">
                  {t('add.verified', { name: payeeName })}
                </Tag>
              ) : undefined
            }
          >
            <Input maxLength={120} autoComplete="off" />
          </Form.Item>
          {kind === 'bank' && type === 'dmt' && (
            <>
              <Form.Item
                name="remitterMobile"
                label={t('add.remitterMobile')}
                required
                normalize={normalizeMobile}
              >
                <Input inputMode="numeric" maxLength={MOBILE_DIGITS} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="beneficiaryMobile"
                label={t('add.beneficiaryMobile')}
                normalize={normalizeMobile}
              >
                <Input inputMode="numeric" maxLength={MOBILE_DIGITS} autoComplete="off" />
              </Form.Item>
            </>
          )}
          <div className="payout__buttons">
            <Button onClick={verifyAccount} loading={verify.isPending}>
              {t('add.verify')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('add.save')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
