import { fail, pass, type Check } from './check.js';

/**
 * The fields of a person's account (sign-in, signup, register-user). Ours: the spec shows no
 * signup or register-user form, so these words fill the gap; the API and the console share them.
 */

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 120;
/** For passwords set from now on (issue 31); shorter ones set before still sign in. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
export const SHOP_NAME_MAX_LENGTH = 120;
const EMAIL_MAX_LENGTH = 254;

export const AccountFieldMessages = {
  passwordRequired: 'Please input your password!',
  passwordTooLong: 'Password is too long.',
  nameRequired: 'Please input name!',
  nameLength: `Name must be ${NAME_MIN_LENGTH} to ${NAME_MAX_LENGTH} characters.`,
  passwordTooShort: `Password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  currentPasswordRequired: 'Please input your current password!',
  newPasswordRequired: 'Please input your new password!',
  confirmPasswordRequired: 'Please confirm your new password!',
  passwordsDiffer: 'The two new passwords do not match.',
  newPasswordSameAsCurrent: 'The new password must be different from the current one.',
  emailInvalid: 'Please enter a valid email address.',
  shopNameLength: `Shop name must be at most ${SHOP_NAME_MAX_LENGTH} characters.`,
  roleRequired: 'Please select a role!',
} as const;

/** A password as typed at sign-in: present, at most 200 characters; never trimmed. */
export function checkPasswordInput(value: unknown): Check<string> {
  if (typeof value !== 'string' || value === '') return fail(AccountFieldMessages.passwordRequired);
  if (value.length > PASSWORD_MAX_LENGTH) return fail(AccountFieldMessages.passwordTooLong);
  return pass(value);
}

/** A person's name, trimmed: 2 to 120 characters. */
export function checkName(input: unknown): Check<string> {
  const name = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  if (name === '') return fail(AccountFieldMessages.nameRequired);
  if (name.length < NAME_MIN_LENGTH || name.length > NAME_MAX_LENGTH) {
    return fail(AccountFieldMessages.nameLength);
  }
  return pass(name);
}

/** A password being set: taken as typed (no trimming), at least 12 characters. */
export function checkNewPassword(input: unknown): Check<string> {
  const password = checkPasswordInput(input);
  if (!password.ok) return password;
  if (password.value.length < PASSWORD_MIN_LENGTH)
    return fail(AccountFieldMessages.passwordTooShort);
  return password;
}

export type PasswordChange = { oldPassword: string; newPassword: string };

/**
 * The Control Panel's password change: the current password as typed at sign-in (it may be
 * shorter than today's rule), the new one by the rules for new passwords, typed twice alike and
 * different from the current one.
 */
export function checkPasswordChange(input: {
  oldPassword?: unknown;
  newPassword?: unknown;
  confirmPassword?: unknown;
}): Check<PasswordChange> {
  if (typeof input.oldPassword !== 'string' || input.oldPassword === '')
    return fail(AccountFieldMessages.currentPasswordRequired);
  const oldPassword = checkPasswordInput(input.oldPassword);
  if (!oldPassword.ok) return oldPassword;
  if (typeof input.newPassword !== 'string' || input.newPassword === '')
    return fail(AccountFieldMessages.newPasswordRequired);
  const newPassword = checkNewPassword(input.newPassword);
  if (!newPassword.ok) return newPassword;
  if (typeof input.confirmPassword !== 'string' || input.confirmPassword === '')
    return fail(AccountFieldMessages.confirmPasswordRequired);
  if (input.confirmPassword !== newPassword.value)
    return fail(AccountFieldMessages.passwordsDiffer);
  if (newPassword.value === oldPassword.value)
    return fail(AccountFieldMessages.newPasswordSameAsCurrent);
  return pass({ oldPassword: oldPassword.value, newPassword: newPassword.value });
}

/** Optional: absent or blank is null; otherwise one address, stored in lower case. */
export function checkOptionalEmail(input: unknown): Check<string | null> {
  if (input === undefined || input === null) return pass(null);
  if (typeof input !== 'string') return fail(AccountFieldMessages.emailInvalid);
  const email = input.trim().toLowerCase();
  if (email === '') return pass(null);
  if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email)) {
    return fail(AccountFieldMessages.emailInvalid);
  }
  return pass(email);
}

/** Optional: absent or blank is null; at most 120 characters. */
export function checkOptionalShopName(input: unknown): Check<string | null> {
  if (input === undefined || input === null) return pass(null);
  if (typeof input !== 'string') return fail(AccountFieldMessages.shopNameLength);
  const shopName = input.trim().replace(/\s+/g, ' ');
  if (shopName === '') return pass(null);
  if (shopName.length > SHOP_NAME_MAX_LENGTH) return fail(AccountFieldMessages.shopNameLength);
  return pass(shopName);
}

/**
 * A role string is present; whether it is one of this product's roles depends on the
 * product key, so the handler decides that (roleKind).
 */
export function checkRoleInput(input: unknown): Check<string> {
  if (typeof input !== 'string' || input.trim() === '')
    return fail(AccountFieldMessages.roleRequired);
  return pass(input.trim());
}
