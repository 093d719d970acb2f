import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Tag } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { checkDmtBeneficiary } from '@khata/domain';
import { BankAccountFields } from '../../payouts/BankAccountFields';
import {
  useAddRemitterBeneficiary,
  useConfirmRemitterBeneficiary,
  type RemitterBeneficiary,
  type Remitter,
} from '../api';
import { maskMobile } from '../labels';
import { CustomerOtpForm } from './CustomerOtpForm';

export interface AddBeneficiaryModalProps {
  remitter: Remitter;
  open: boolean;
  onClose: () => void;
}

interface BeneficiaryValues {
  bankId?: string | number;
  bankName?: string;
  ifsc?: string;
  accountNumber?: string;
  name?: string;
  verify?: boolean;
}

/**
 * A beneficiary of the remitter's (issue 25): bank (the IFSC fills from it), IFSC, account and
 * name, and optionally the bank's name for the account (a penny drop, its fee charged to the
 * shop's wallet). The beneficiary then waits for the OTP sent to the remitter's mobile.
 */
export function AddBeneficiaryModal({ remitter, open, onClose }: AddBeneficiaryModalProps) {
  const { t } = useTranslation('remitters');
  const { message } = App.useApp();
  const [form] = Form.useForm<BeneficiaryValues>();
  const add = useAddRemitterBeneficiary();
  const confirm = useConfirmRemitterBeneficiary();
  const [added, setAdded] = useState<RemitterBeneficiary>();

  const close = () => {
    form.resetFields();
    add.reset();
    confirm.reset();
    setAdded(undefined);
    setRefusal(undefined);
    onClose();
  };

  const [refusal, setRefusal] = useState<string>();

  // The API's own rule first (libs/domain), so the form refuses in the same words.
  const save = (values: BeneficiaryValues) => {
    const checked = checkDmtBeneficiary(values);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    add.mutate(
      { remitterMobile: remitter.mobile, ...checked.value, verify: values.verify === true },
      { onSuccess: setAdded },
    );
  };
  const shownError = refusal ?? (add.isError ? add.error.message : undefined);

  return (
    <Modal
      open={open}
      title={t('addBeneficiary.title', { name: remitter.name })}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      {added ? (
        <>
          {added.verifiedName && (
            <p className="dmt-card__intro">
              {t('addBeneficiary.verifiedName')}{' '}
              <Tag color="green" data-testid="verified-payee">
                {added.verifiedName}
              </Tag>
            </p>
          )}
          <CustomerOtpForm
            intro={
              <Trans
                t={t}
                i18nKey="addBeneficiary.otpIntro"
                values={{
                  remitter: remitter.name,
                  mobile: maskMobile(remitter.mobile),
                  beneficiary: added.name,
                  account: added.maskedAccountNumber,
                }}
                components={{ strong: <strong /> }}
              />
            }
            submitLabel={t('addBeneficiary.confirm')}
            loading={confirm.isPending}
            error={confirm.error?.message}
            onSubmit={(otp) =>
              confirm.mutate(
                {
                  remitterMobile: remitter.mobile,
                  beneficiaryId: added.id,
                  otp,
                },
                {
                  onSuccess: (answer) => {
                    message.success(answer.message ?? t('addBeneficiary.added'));
                    close();
                  },
                },
              )
            }
            onCancel={close}
          />
        </>
      ) : (
        <Form<BeneficiaryValues>
          form={form}
          name="dmt-beneficiary"
          layout="vertical"
          requiredMark="optional"
          disabled={add.isPending}
          onFinish={save}
          onValuesChange={() => {
            setRefusal(undefined);
            if (add.isError) add.reset();
          }}
        >
          {shownError && <Alert className="dmt-alert" type="error" showIcon title={shownError} />}
          <BankAccountFields ifscName="ifsc" />
          <Form.Item name="name" label={t('addBeneficiary.holderName')} required>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="verify" valuePropName="checked">
            <Checkbox>{t('addBeneficiary.verify')}</Checkbox>
          </Form.Item>
          <div className="dmt-buttons">
            <Button onClick={close}>{t('addBeneficiary.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('addBeneficiary.sendOtp')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
