/**
 * The one result shape of every rule in this library, so the API (a 400 with the message)
 * and the console (an antd form error) read a refusal the same way.
 */
export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

export function pass<T>(value: T): Check<T> {
  return { ok: true, value };
}

export function fail(message: string): Check<never> {
  return { ok: false, message };
}

/** An optional field left out: absent, null or the empty string a form sends. */
export function blank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A whole number from `min` (default 1) to `max`, given as a number or as digits (a query
 * string or a form field); `fallback` when blank; null when it is anything else. The one rule
 * behind every page and page-size field.
 */
export function wholeNumberIn(
  value: unknown,
  max: number,
  fallback: number,
  min = 1,
): number | null {
  if (blank(value)) return fallback;
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : null;
}
