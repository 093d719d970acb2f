import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupAadhaar } from './format';
import { aadhaarRules } from './labels';

/**
 * A 12-digit Aadhaar number, shown 4-4-4 as typed and judged by libs/domain's check (Verhoeff).
 * Nothing is remembered: no browser autofill, and the form clears it after its one call.
 */
export function AadhaarField({ label }: { label: string }) {
  const { t } = useTranslation('aeps-counter');
  return (
    <Form.Item
      name="aadhaar"
      label={label}
      required
      normalize={groupAadhaar}
      validateTrigger={['onChange', 'onBlur']}
      validateFirst
      rules={aadhaarRules}
    >
      <Input
        size="large"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={14}
        placeholder={t('aadhaar.placeholder')}
      />
    </Form.Item>
  );
}
