import { type Check, fail, pass } from './check.js';

export const TextMessages = {
  /** Ours: names the field, so the person knows which box to type again. */
  notAllowed: (field: string) =>
    `${field} contains characters that are not allowed (control characters or broken Unicode).`,
} as const;

// Control characters other than tab, line feed and carriage return (C0, DEL, C1), and a UTF-16
// surrogate without its partner. Built from a string: a regex literal of control characters
// is what `no-control-regex` exists to catch by mistake; here they are the point.
const UNSAFE = new RegExp(
  [
    '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]',
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
);

/**
 * Text any field of ours may carry: no control character but tab, line feed and carriage
 * return, and no lone surrogate. Postgres refuses a NUL in text and a lone surrogate in JSON,
 * and no name, remark or id needs either; refused at the edge, the answer names the field
 * instead of failing deep in a query.
 */
export function isSafeText(input: string): boolean {
  return !UNSAFE.test(input);
}

/** `isSafeText` as a rule: anything that is not a string is left to the field's own rule. */
export function checkText<T>(input: T, field: string): Check<T> {
  return typeof input === 'string' && !isSafeText(input)
    ? fail(TextMessages.notAllowed(field))
    : pass(input);
}
