import type { Check } from '@khata/domain';
import { registerDecorator, type ValidationArguments } from 'class-validator';

/**
 * Validates a DTO field with a rule of libs/domain and answers its message, so the API and
 * the console say the same words (spec §5). A field the rule passes then holds the rule's
 * value, not the raw input: the handler gets the trimmed name, the 10-digit mobile, the amount
 * in paise, never the JSON it was sent (a number where text was meant cannot slip through).
 */
export function Satisfies(check: (value: unknown) => Check<unknown>) {
  return (target: object, propertyName: string): void => {
    const fields = SATISFIED_FIELDS.get(target.constructor) ?? [];
    SATISFIED_FIELDS.set(target.constructor, [...fields, { propertyName, check }]);
    registerDecorator({
      name: 'satisfies',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const result = check(value);
          if (result.ok && args && result.value !== value) {
            (args.object as Record<string, unknown>)[propertyName] = result.value;
          }
          return result.ok;
        },
        defaultMessage: (args?: ValidationArguments) => {
          const result = check(args?.value);
          return result.ok ? '' : result.message;
        },
      },
    });
  };
}

/** Each DTO class's `@Satisfies` fields and their rules, read by the OpenAPI document (api-docs). */
export const SATISFIED_FIELDS = new Map<
  object,
  readonly { propertyName: string; check: (value: unknown) => Check<unknown> }[]
>();
