import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AEPS_MONEY_KINDS,
  AepsMessages,
  checkAepsTransaction,
  checkMobile,
  parseRupees,
  rupeesString,
  type AepsKind,
} from '@khata/domain';
import { ApiError } from '../../../api/client';
import { amountInWords } from '../../../i18n/amountInWords';
import { formatMoney } from '../../../i18n/format';
import { ruleFrom } from '../../../ui/formRules';
import { invalidateAeps, postAepsTransaction, type AepsStatus, type AepsTransaction } from './api';
import { AadhaarField } from './AadhaarField';
import { FingerprintCapture } from './FingerprintCapture';
import { aadhaarPayFee } from './format';
import { amountRule, limitsOf } from './labels';
import { useFingerprint } from './useFingerprint';
import { localizeMessage } from '../../../i18n/messages';

interface CounterValues {
  aadhaar?: string;
  bankIin?: string;
  mobile?: string;
  amount?: string;
}

export interface CounterFormProps {
  kind: AepsKind;
  status: AepsStatus;
  onAnswer: (transaction: AepsTransaction) => void;
}

/**
 * Issue 26: one customer's AEPS transaction. Aadhaar (4-4-4, checked as typed), the bank, the
 * customer's mobile, the amount for the money kinds, then the customer's finger; the form is
 * checked with libs/domain's `checkAepsTransaction` (the API's own rule) before it is sent.
 *
 * What is not kept: the Aadhaar number leaves the form as soon as the call is made (the answer
 * shows it masked), and the capture is spent by the call; the next transaction takes a new one.
 * Only an unanswered call (no connection, a 5xx) keeps the capture and its key, so sending
 * again is a retry the API answers once.
 */
export function CounterForm({ kind, status, onAnswer }: CounterFormProps) {
  const { t } = useTranslation('aeps-counter');
  const [form] = Form.useForm<CounterValues>();
  const fingerprint = useFingerprint();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const limits = limitsOf(status);
  const money = AEPS_MONEY_KINDS.includes(kind);
  const locked = money && !status.dailyAuthToday;
  const amount = Form.useWatch('amount', form);

  const submit = async (values: CounterValues) => {
    const checked = checkAepsTransaction({ kind, ...values }, limits);
    if (!checked.ok) return setRefusal(checked.message);
    const taken = fingerprint.taken;
    if (!taken) return setRefusal(localizeMessage(AepsMessages.pidRequired));
    const { aadhaar, bankIin, mobile } = checked.value;
    setSending(true);
    try {
      const answer = await postAepsTransaction(
        {
          kind,
          aadhaar,
          bankIin,
          mobile,
          ...(money && { amount: rupeesString(checked.value.amount) }),
          pid: taken.pid,
        },
        taken.idempotencyKey,
      );
      fingerprint.clear();
      form.resetFields();
      onAnswer(answer.data);
    } catch (error) {
      const unanswered = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!unanswered) fingerprint.clear();
      setRefusal(error instanceof Error ? error.message : t('form.notSent'));
    } finally {
      form.setFieldValue('aadhaar', undefined);
      setSending(false);
      invalidateAeps(queryClient);
    }
  };

  return (
    <Form<CounterValues>
      form={form}
      name={`aeps-${kind}`}
      layout="vertical"
      requiredMark="optional"
      disabled={locked || sending}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setRefusal(undefined)}
    >
      {locked && (
        <Alert
          className="aeps-alert"
          type="info"
          showIcon
          title={localizeMessage(AepsMessages.dailyAuthNeeded)}
        />
      )}
      {refusal && (
        <Alert className="aeps-alert" type="error" showIcon role="alert" title={refusal} />
      )}
      <AadhaarField label={t('form.aadhaar')} />
      <div className="aeps-pair">
        <Form.Item
          name="bankIin"
          label={t('form.bank.label')}
          required
          rules={[{ required: true, message: localizeMessage(AepsMessages.bankRequired) }]}
        >
          <Select
            size="large"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.bank.placeholder')}
            options={status.banks.map((bank) => ({ value: bank.iin, label: bank.name }))}
          />
        </Form.Item>
        <Form.Item name="mobile" label={t('form.mobile')} required rules={[ruleFrom(checkMobile)]}>
          <Input size="large" inputMode="tel" autoComplete="off" maxLength={10} />
        </Form.Item>
      </div>
      {money && (
        <Form.Item
          name="amount"
          label={t('form.amount')}
          required
          rules={[amountRule(limits)]}
          extra={
            <AmountNote kind={kind} amount={amount} feePercent={status.aadhaarPayFeePercent} />
          }
        >
          <Input size="large" inputMode="decimal" autoComplete="off" placeholder="0.00" />
        </Form.Item>
      )}
      <Form.Item label={t('form.fingerprint')} required>
        <FingerprintCapture
          fingerprint={fingerprint}
          label={t('form.capture')}
          disabled={locked || sending}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={sending}
        disabled={locked || !fingerprint.taken}
      >
        {t('form.submit')}
      </Button>
    </Form>
  );
}

/**
 * Under the amount: the amount in words, and for Aadhaar Pay the merchant fee at the status's
 * percentage and what the shop is credited (the API's answer is what counts).
 */
function AmountNote({
  kind,
  amount,
  feePercent,
}: {
  kind: AepsKind;
  amount: string | undefined;
  feePercent: number;
}) {
  const { t } = useTranslation('aeps-counter');
  const parsed = parseRupees(amount);
  const words = amount ? amountInWords(amount) : undefined;
  if (!parsed.ok) return null;
  const inWords = words?.ok ? t('form.inWords', { words: words.value }) : null;
  if (kind !== 'aadhaarPay') return inWords;
  const fee = aadhaarPayFee(parsed.value, feePercent);
  return (
    <span className="aeps-fee" data-testid="aeps-fee">
      {inWords && <span>{inWords}</span>}
      <span>{t('form.fee', { percent: feePercent, fee: formatMoney(fee) })}</span>
      <span>{t('form.shopGets', { amount: formatMoney(parsed.value - fee) })}</span>
    </span>
  );
}
