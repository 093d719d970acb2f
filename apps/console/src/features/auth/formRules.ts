import type { TFunction } from 'i18next';

/** The sign-up form's confirmation fields: the API never sees them, so their words live here. */
export function confirmMessages(t: TFunction<'auth'>) {
  return {
    passwordConfirmRequired: t('auth:signup.confirm.passwordRequired'),
    passwordMismatch: t('auth:signup.confirm.passwordMismatch'),
    pinConfirmRequired: t('auth:signup.confirm.pinRequired'),
    pinMismatch: t('auth:signup.confirm.pinMismatch'),
  };
}
