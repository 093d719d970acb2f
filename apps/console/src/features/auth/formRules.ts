/** The sign-up form's confirmation fields: the API never sees them, so their words live here. */
export const ConfirmMessages = {
  passwordConfirmRequired: 'Please confirm your password!',
  passwordMismatch: 'The two passwords do not match.',
  pinConfirmRequired: 'Please confirm your PIN!',
  pinMismatch: 'The two PINs do not match.',
} as const;
