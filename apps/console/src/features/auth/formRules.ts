import type { FormRule } from 'antd';
import { fail, pass, type Check } from '@khata/domain';

/** An antd rule from a libs/domain check, so the form and the API refuse in the same words. */
export function ruleFrom(check: (input: unknown) => Check<unknown>): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = check(value);
      if (!result.ok) throw new Error(result.message);
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

/*
 * The checks below mirror the API's (apps/api/src/auth/auth.dto.ts and
 * apps/api/src/users/user-fields.ts) word for word; the spec has no sign-in or signup form,
 * so libs/domain holds none of them yet. Whatever these miss, the API refuses and the form
 * shows its message.
 */
const PASSWORD_MIN_LENGTH = 8;
const NAME_MIN_LENGTH = 2;
const NAME_MAX_LENGTH = 120;
const SHOP_NAME_MAX_LENGTH = 120;

export const FieldMessages = {
  passwordRequired: 'Please input your password!',
  passwordTooShort: `Password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordConfirmRequired: 'Please confirm your password!',
  passwordMismatch: 'The two passwords do not match.',
  pinConfirmRequired: 'Please confirm your PIN!',
  pinMismatch: 'The two PINs do not match.',
  nameRequired: 'Please input name!',
  nameLength: `Name must be ${NAME_MIN_LENGTH} to ${NAME_MAX_LENGTH} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  shopNameLength: `Shop name must be at most ${SHOP_NAME_MAX_LENGTH} characters.`,
} as const;

export function checkPassword(input: unknown): Check<string> {
  return typeof input === 'string' && input !== ''
    ? pass(input)
    : fail(FieldMessages.passwordRequired);
}

export function checkNewPassword(input: unknown): Check<string> {
  const password = checkPassword(input);
  if (!password.ok) return password;
  return password.value.length < PASSWORD_MIN_LENGTH
    ? fail(FieldMessages.passwordTooShort)
    : password;
}

export function checkName(input: unknown): Check<string> {
  const name = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  if (name === '') return fail(FieldMessages.nameRequired);
  if (name.length < NAME_MIN_LENGTH || name.length > NAME_MAX_LENGTH) {
    return fail(FieldMessages.nameLength);
  }
  return pass(name);
}

export function checkOptionalEmail(input: unknown): Check<string | undefined> {
  const email = typeof input === 'string' ? input.trim().toLowerCase() : '';
  if (email === '') return pass(undefined);
  return /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email) ? pass(email) : fail(FieldMessages.emailInvalid);
}

export function checkOptionalShopName(input: unknown): Check<string | undefined> {
  const shopName = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  if (shopName.length > SHOP_NAME_MAX_LENGTH) return fail(FieldMessages.shopNameLength);
  return pass(shopName || undefined);
}
