import { useState } from 'react';
import { Alert, Button, Form, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseRupees, type Paise } from '@khata/domain';
import { amountInWords } from '../../../../i18n/amountInWords';
import { formatMoney } from '../../../../i18n/format';
import type { Remitter, RemitterBeneficiary } from '../../remitters/api';
import { DMT_MODES, splitIntoTransfers, type DmtMode } from '@khata/domain';
import { paiseOf } from '../../common/money';
import { useTransferProduct } from '../product';

/** What the customer asked for, split into the transfers that will carry it. */
export interface TransferPlan {
  remitter: Remitter;
  beneficiary: RemitterBeneficiary;
  mode: DmtMode;
  /** Each transfer's amount, at most one transaction's limit. */
  parts: Paise[];
}

interface TransferValues {
  beneficiaryId?: string;
  amount?: string;
  mode: DmtMode;
}

export interface TransferFormProps {
  remitter: Remitter;
  /** A beneficiary chosen already (the Remitters screen's Send money). */
  beneficiaryId?: string;
  onPlan: (plan: TransferPlan) => void;
}

/**
 * Issue 25: beneficiary, amount and IMPS or NEFT. An amount over one transaction's limit is
 * offered as several transfers (libs/domain's split, the same the API's limits hold to), the
 * list shown before anything is sent; what is left of the month's limit caps the whole.
 */
export function TransferForm({ remitter, beneficiaryId, onPlan }: TransferFormProps) {
  const { t } = useTranslation('dmt');
  const [form] = Form.useForm<TransferValues>();
  const [refusal, setRefusal] = useState<string>();
  const active = remitter.beneficiaries.filter((beneficiary) => beneficiary.state === 'active');
  const amount = Form.useWatch('amount', form);
  const words = amount ? amountInWords(amount) : undefined;
  const monthLeft = paiseOf(remitter.month.left);
  const { limits } = useTransferProduct();

  const plan = (values: TransferValues) => {
    const beneficiary = active.find((entry) => entry.id === values.beneficiaryId);
    if (!beneficiary) {
      setRefusal(t('form.chooseBeneficiary'));
      return;
    }
    const paise = parseRupees(values.amount);
    if (!paise.ok) {
      setRefusal(paise.message);
      return;
    }
    const parts = splitIntoTransfers(paise.value, { limits, monthLeft });
    if (!parts.ok) {
      setRefusal(parts.message);
      return;
    }
    onPlan({ remitter, beneficiary, mode: values.mode, parts: parts.value });
  };

  if (active.length === 0) {
    return <Alert className="dmt-alert" type="info" showIcon title={t('form.noBeneficiary')} />;
  }

  return (
    <Form<TransferValues>
      form={form}
      name="dmt-transfer"
      layout="vertical"
      requiredMark="optional"
      initialValues={{
        mode: 'IMPS',
        beneficiaryId: active.some((entry) => entry.id === beneficiaryId)
          ? beneficiaryId
          : active.length === 1
            ? active[0]!.id
            : undefined,
      }}
      onFinish={plan}
      onValuesChange={() => setRefusal(undefined)}
    >
      {refusal && (
        <Alert className="dmt-alert" type="error" showIcon title={refusal} role="alert" />
      )}
      <Form.Item name="beneficiaryId" label={t('form.beneficiary.label')} required>
        <Select
          placeholder={t('form.beneficiary.placeholder')}
          options={active.map((beneficiary) => ({
            value: beneficiary.id,
            label: `${beneficiary.name} · ${beneficiary.bankName} ${beneficiary.maskedAccountNumber}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('form.amount.label')}
        required
        extra={
          words?.ok
            ? t('form.amount.inWords', { words: words.value })
            : t('form.amount.limit', { limit: formatMoney(limits.perTransaction) })
        }
      >
        <Input size="large" inputMode="decimal" autoComplete="off" placeholder="0.00" />
      </Form.Item>
      <Form.Item name="mode" label={t('form.mode')}>
        <Segmented<DmtMode>
          aria-label={t('form.mode')}
          options={DMT_MODES.map((mode) => ({ value: mode, label: mode }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block>
        {t('form.continue')}
      </Button>
    </Form>
  );
}
