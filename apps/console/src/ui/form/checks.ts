import type { Check } from '@khata/domain';
import type { FieldCheck } from './useFieldForm';
import { localizeMessage } from '../../i18n/messages';

/** A useFieldForm check from a libs/domain check, so the form and the API refuse in the same words. */
export function messageOf<V>(check: (input: unknown) => Check<unknown>): FieldCheck<V> {
  return (value) => {
    const result = check(value);
    return result.ok ? undefined : localizeMessage(result.message);
  };
}

/** A confirmation field that must repeat another field exactly. */
export function sameAs<V extends Record<string, string>>(
  field: keyof V,
  required: string,
  mismatch: string,
): FieldCheck<V> {
  return (value, values) => {
    if (value === '') return required;
    return value === values[field] ? undefined : mismatch;
  };
}
