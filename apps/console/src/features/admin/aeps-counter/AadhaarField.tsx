import { Form, Input } from 'antd';
import { groupAadhaar } from './format';
import { aadhaarRules } from './labels';

/**
 * A 12-digit Aadhaar number, shown 4-4-4 as typed and judged by libs/domain's check (Verhoeff).
 * Nothing is remembered: no browser autofill, and the form clears it after its one call.
 */
export function AadhaarField({ label }: { label: string }) {
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
        placeholder="1234 5678 9012"
      />
    </Form.Item>
  );
}
