/** Helpers for reading form fields that arrive as unknown JSON. Internal to the library. */

/** A trimmed string, or '' for anything that is not a string. */
export function text(input: unknown): string {
  return typeof input === 'string' ? input.trim() : '';
}

/** Absent in the sense of a required-field rule: nothing, or only whitespace. */
export function isBlank(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  return typeof input === 'string' && input.trim() === '';
}

/** Absent for a free-text field such as a name: only a non-blank string counts. */
export function isMissingText(input: unknown): boolean {
  return text(input) === '';
}
