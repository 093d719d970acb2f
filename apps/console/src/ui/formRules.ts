import type { FormRule } from 'antd';
import type { Check } from '@khata/domain';
import { localizeMessage } from '../i18n/messages';

/**
 * An antd rule from a libs/domain check, so the form and the API refuse in the same words.
 * A plain rule object, so it also fits a rule function that reads other fields.
 */
export function ruleFrom(check: (input: unknown) => Check<unknown>) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = check(value);
      if (!result.ok) throw new Error(localizeMessage(result.message));
    },
  };
}

/** A confirmation field that must repeat another field exactly. */
export function sameAs(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

/** The checked value, or undefined while the input does not pass: results wait for it. */
export function valueIf<T>(result: Check<T>): T | undefined {
  return result.ok ? result.value : undefined;
}
