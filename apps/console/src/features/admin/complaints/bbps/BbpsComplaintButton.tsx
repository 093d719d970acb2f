import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  BBPS_TRANSACTION_DISPOSITIONS,
  checkBbpsComplaintDescription,
  checkBbpsDisposition,
  COMPLAINT_TEXT_MAX,
  type BbpsTransactionComplaintRequest,
} from '@khata/domain';
import { AppPath } from '../../../../app/paths';
import { ruleFrom } from '../../../../ui/formRules';
import { FocusedResult } from '../../../../ui/FocusedResult';
import { raisedState } from '../raised';
import { useRaiseBbpsTransactionComplaint } from './api';
import { dispositionLabel } from './choices';

/** The bill payment a complaint is about, as a receipt or the bill report has it. */
export interface BbpsComplaintPayment {
  id: string;
  /** BBPS `txnRefId`; null while BBPS has not taken the payment (no complaint then). */
  bbpsReference: string | null;
  billerName: string;
}

/**
 * "Raise complaint" on a bill payment (issue 27): a transaction complaint with one of BBPS's
 * dispositions, registered with Bharat BillPay; on success the shop lands on it in My
 * Complaints. Shown on a payment BBPS took (it has a BBPS reference); the API refuses others.
 */
export function BbpsComplaintButton({
  payment,
  size,
}: {
  payment: BbpsComplaintPayment;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation('complaints');
  const [open, setOpen] = useState(false);
  if (!payment.bbpsReference) return null;
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        {t('bbps.raise.button')}
      </Button>
      {open && <BbpsComplaintModal payment={payment} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The modal of BbpsComplaintButton, for a screen that opens it another way. */
export function BbpsComplaintModal({
  payment,
  onClose,
}: {
  payment: BbpsComplaintPayment;
  onClose: () => void;
}) {
  const { t } = useTranslation('complaints');
  const [form] = Form.useForm<BbpsTransactionComplaintRequest>();
  const navigate = useNavigate();
  const raise = useRaiseBbpsTransactionComplaint(payment.id);

  const submit = (values: BbpsTransactionComplaintRequest) =>
    raise.mutate(values, {
      onSuccess: (answer) => {
        onClose();
        void navigate(`${AppPath.myComplaints}?id=${answer.data.id}`, {
          state: raisedState(answer.message),
        });
      },
    });

  return (
    <Modal
      open
      title={t('bbps.raise.title')}
      okText={t('bbps.raise.ok')}
      onOk={() => form.submit()}
      confirmLoading={raise.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} bordered className="bbps-complaint__payment">
        <Descriptions.Item label={t('bbps.raise.biller')}>{payment.billerName}</Descriptions.Item>
        <Descriptions.Item label={t('bbps.raise.reference')}>
          {payment.bbpsReference}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="disposition"
          label={t('bbps.raise.whatWentWrong')}
          rules={[ruleFrom(checkBbpsDisposition)]}
        >
          <Select
            aria-label={t('bbps.raise.disposition')}
            placeholder={t('bbps.raise.dispositionPlaceholder')}
            options={BBPS_TRANSACTION_DISPOSITIONS.map((value) => ({
              value,
              label: dispositionLabel(t, value),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('bbps.describe')}
          rules={[ruleFrom(checkBbpsComplaintDescription)]}
        >
          <Input.TextArea maxLength={COMPLAINT_TEXT_MAX} showCount autoSize={{ minRows: 3 }} />
        </Form.Item>
      </Form>
      {raise.isError && (
        <FocusedResult result={raise.error}>
          <Alert type="error" showIcon title={raise.error.message} />
        </FocusedResult>
      )}
    </Modal>
  );
}
