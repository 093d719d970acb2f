import type { FormRule as Rule } from 'antd';
import { checkCallbackMessage, checkCallbackName, checkMobile } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';

/** The call-back box's fields, checked by the same libs/domain rules as the API. */
export const callbackRules = {
  name: [ruleFrom(checkCallbackName)],
  mobile: [ruleFrom(checkMobile)],
  message: [ruleFrom(checkCallbackMessage)],
} satisfies Record<string, Rule[]>;
