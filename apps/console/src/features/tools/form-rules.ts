import type { Check } from '@khata/domain';

/**
 * An antd rule from a libs/domain check, so the tool and the library say the same words.
 * Typed as a plain rule object, so it also fits a rule that reads other fields.
 */
export function ruleFrom(check: (input: unknown) => Check<unknown>) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = check(value);
      if (!result.ok) throw new Error(result.message);
    },
  };
}

/** The checked value, or undefined while the input does not pass: results wait for it. */
export function valueIf<T>(result: Check<T>): T | undefined {
  return result.ok ? result.value : undefined;
}
