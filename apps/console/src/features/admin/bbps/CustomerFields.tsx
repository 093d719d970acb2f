import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BbpsMessages,
  checkBillerParams,
  checkMobile,
  checkPostalCode,
  type BbpsBillerParam,
} from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import type { FormRule } from 'antd';
import { localizeMessage } from '../../../i18n/messages';

/**
 * One parameter's rule, libs/domain's `checkBillerParams` on that parameter alone: the same
 * regex (anchored by `paramPattern`) and the same words as the API, so a wrong account number
 * is refused here, before any call.
 */
export function paramRule(param: BbpsBillerParam): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const checked = checkBillerParams({ params: [param] }, { [param.name]: value });
      if (!checked.ok) throw new Error(checked.message);
    },
  };
}

/** The mobile's rule in the BBPS payment's words. */
const mobileRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (!checkMobile(value).ok) {
      throw new Error(localizeMessage(BbpsMessages.customerMobileInvalid));
    }
  },
};

/** Digits only (no letter in the regex but `\d`): a phone shows its number pad. */
function numeric(param: BbpsBillerParam): boolean {
  return !/[a-zA-Z]/.test(param.regex.replace(/\\d/g, ''));
}

/**
 * The biller's customer parameters (a field each, as the catalogue names them), the
 * customer's mobile and the shop's postal code, which BBPS requires of every agent call. The
 * parameters' labels are the biller's names for them, shown as the catalogue sends them.
 */
export function CustomerFields({ params }: { params: BbpsBillerParam[] }) {
  const { t } = useTranslation('bbps');
  return (
    <div className="bbps-pair">
      {params.map((param) => (
        <Form.Item
          key={param.name}
          name={['params', param.name]}
          label={param.name}
          required={!param.optional}
          rules={[paramRule(param)]}
          validateFirst
        >
          <Input
            size="large"
            autoComplete="off"
            inputMode={numeric(param) ? 'numeric' : 'text'}
            maxLength={100}
          />
        </Form.Item>
      ))}
      <Form.Item
        name="customerMobile"
        label={t('form.customerMobile')}
        required
        rules={[mobileRule]}
      >
        <Input size="large" inputMode="tel" autoComplete="off" maxLength={10} />
      </Form.Item>
      <Form.Item
        name="postalCode"
        label={t('form.postalCode.label')}
        required
        rules={[ruleFrom(checkPostalCode)]}
        extra={t('form.postalCode.help')}
      >
        <Input size="large" inputMode="numeric" autoComplete="postal-code" maxLength={6} />
      </Form.Item>
    </div>
  );
}
