import { fail, pass, type Check } from './check.js';

/**
 * The public call-back box (spec §1). Ours: the spec shows the box but none of its rules; the
 * API and the console's form say these words.
 */
export const CALLBACK_NAME_MAX = 120;
export const CALLBACK_MESSAGE_MAX = 1000;

export const CallbackRequestMessages = {
  thanks: 'Thank you! We will call you back soon.',
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name must be at most ${CALLBACK_NAME_MAX} characters.`,
  messageNotText: 'Message must be text.',
  messageTooLong: `Message must be at most ${CALLBACK_MESSAGE_MAX} characters.`,
} as const;

export function checkCallbackName(value: unknown): Check<string> {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') return fail(CallbackRequestMessages.nameRequired);
  if (name.length > CALLBACK_NAME_MAX) return fail(CallbackRequestMessages.nameTooLong);
  return pass(name);
}

/** Optional: absent, null or blank all mean "no message". */
export function checkCallbackMessage(value: unknown): Check<string | null> {
  if (value === undefined || value === null) return pass(null);
  if (typeof value !== 'string') return fail(CallbackRequestMessages.messageNotText);
  const message = value.trim();
  if (message.length > CALLBACK_MESSAGE_MAX) return fail(CallbackRequestMessages.messageTooLong);
  return pass(message === '' ? null : message);
}
