import { checkCallbackMessage, checkCallbackName, checkMobile, type Check } from '@khata/domain';

export type CallbackField = 'name' | 'mobile' | 'message';

/** The call-back box's fields, checked by the same libs/domain rules as the API. */
const callbackChecks: Record<CallbackField, (value: string) => Check<unknown>> = {
  name: checkCallbackName,
  mobile: checkMobile,
  message: checkCallbackMessage,
};

/** What is wrong with a field's value, in the API's words, or undefined when it passes. */
export function callbackFieldError(field: CallbackField, value: string): string | undefined {
  const result = callbackChecks[field](value);
  return result.ok ? undefined : result.message;
}
