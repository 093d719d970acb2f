import type { Check } from '@khata/domain';
import { registerDecorator, type ValidationArguments } from 'class-validator';

/**
 * Validates a DTO field with a rule of libs/domain and answers its message, so the API and
 * the console say the same words (spec §5).
 */
export function Satisfies(check: (value: unknown) => Check<unknown>) {
  return (target: object, propertyName: string): void => {
    registerDecorator({
      name: 'satisfies',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => check(value).ok,
        defaultMessage: (args?: ValidationArguments) => {
          const result = check(args?.value);
          return result.ok ? '' : result.message;
        },
      },
    });
  };
}
