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

/**
 * Issue 14, Contact requests (/admin/contact-us): an admin calls the visitor back and marks the
 * request handled, once, with a note of what was agreed (docs/decisions.md, "Issue 13: contact
 * requests and map generator").
 */
export const CALLBACK_NOTE_MAX = 500;
export const CALLBACK_STATUSES = ['open', 'handled', 'all'] as const;
export type CallbackStatusFilter = (typeof CALLBACK_STATUSES)[number];

export const CallbackHandlingMessages = {
  statusInvalid: 'Status must be one of: open, handled, all.',
  idInvalid: 'Call-back request id must be a valid id.',
  notFound: 'Call-back request not found.',
  noteRequired: 'Please write a note of the call.',
  noteNotText: 'Note must be text.',
  noteTooLong: `Note must be at most ${CALLBACK_NOTE_MAX} characters.`,
  handled: 'Marked as handled.',
  alreadyHandled: (by: string | null) =>
    by
      ? `This request was already marked handled by ${by}.`
      : 'This request was already marked handled.',
} as const;

export function checkCallbackStatus(value: unknown): Check<CallbackStatusFilter> {
  if (value === undefined || value === null || value === '') return pass('all');
  return typeof value === 'string' && (CALLBACK_STATUSES as readonly string[]).includes(value)
    ? pass(value as CallbackStatusFilter)
    : fail(CallbackHandlingMessages.statusInvalid);
}

export function checkCallbackNote(value: unknown): Check<string> {
  if (value === undefined || value === null) return fail(CallbackHandlingMessages.noteRequired);
  if (typeof value !== 'string') return fail(CallbackHandlingMessages.noteNotText);
  const note = value.trim();
  if (note === '') return fail(CallbackHandlingMessages.noteRequired);
  if (note.length > CALLBACK_NOTE_MAX) return fail(CallbackHandlingMessages.noteTooLong);
  return pass(note);
}
