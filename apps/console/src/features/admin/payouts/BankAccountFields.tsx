import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NUMBER_MAX_DIGITS, Messages } from '@khata/domain';
import { useBanks } from './api';
import { localizeMessage } from '../../../i18n/messages';

export interface BankAccountFieldsProps {
  /** The form's name for the IFSC: payouts send `ifscCode`, DMT's rule reads `ifsc`. */
  ifscName: 'ifsc' | 'ifscCode';
}

/**
 * A bank account's fields, for any form that adds one (a payout's beneficiary, a remitter's):
 * the bank (spec §5: the IFSC fills from it), its name kept hidden, the IFSC and the account
 * number, each cleaned of spaces as typed. The form around it names the holder.
 */
export function BankAccountFields({ ifscName }: BankAccountFieldsProps) {
  const { t } = useTranslation('payouts');
  const form = Form.useFormInstance();
  const banks = useBanks();
  return (
    <>
      <Form.Item name="bankId" label={t('account.bank')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={
            banks.isError ? localizeMessage(Messages.bankOptionsFailed) : t('account.chooseBank')
          }
          loading={banks.isPending}
          options={(banks.data ?? []).map((bank) => ({ value: bank.bankId, label: bank.name }))}
          onChange={(bankId) => {
            const bank = banks.data?.find((entry) => entry.bankId === bankId);
            form.setFieldsValue({ bankName: bank?.name, [ifscName]: bank?.ifscGlobal });
          }}
        />
      </Form.Item>
      <Form.Item name="bankName" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name={ifscName}
        label={t('account.ifsc')}
        required
        normalize={(value: string) => value.toUpperCase().replace(/\s/g, '')}
      >
        <Input maxLength={11} autoComplete="off" placeholder={t('account.ifscExample')} />
      </Form.Item>
      <Form.Item
        name="accountNumber"
        label={t('account.accountNumber')}
        required
        normalize={(value: string) => value.replace(/\s/g, '')}
      >
        <Input inputMode="numeric" maxLength={ACCOUNT_NUMBER_MAX_DIGITS} autoComplete="off" />
      </Form.Item>
    </>
  );
}
