import type { FormRule as Rule } from 'antd';
import { checkMobile, fail, pass, type Check } from '@khata/domain';

export const CALLBACK_NAME_MAX = 120;
export const CALLBACK_MESSAGE_MAX = 1000;

/*
 * The name and message rules answer the same words as the API's
 * (apps/api/src/callbacks/callbacks.dto.ts); libs/domain has no rule for them yet. The
 * mobile rule is libs/domain's own.
 */
export function checkCallbackName(value: unknown): Check<string> {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') return fail('Please enter your name.');
  if (name.length > CALLBACK_NAME_MAX)
    return fail(`Name must be at most ${CALLBACK_NAME_MAX} characters.`);
  return pass(name);
}

export function checkCallbackMessage(value: unknown): Check<string | null> {
  const message = typeof value === 'string' ? value.trim() : '';
  if (message.length > CALLBACK_MESSAGE_MAX)
    return fail(`Message must be at most ${CALLBACK_MESSAGE_MAX} characters.`);
  return pass(message === '' ? null : message);
}

/** An antd form rule that refuses with the check's own message. */
export function ruleOf(check: (value: unknown) => Check<unknown>): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = check(value);
      if (!result.ok) throw new Error(result.message);
    },
  };
}

export const callbackRules = {
  name: [ruleOf(checkCallbackName)],
  mobile: [ruleOf(checkMobile)],
  message: [ruleOf(checkCallbackMessage)],
} satisfies Record<string, Rule[]>;
