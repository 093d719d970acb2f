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
