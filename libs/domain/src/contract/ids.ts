/**
 * The one spelling of a UUID the API accepts as an id (users, sessions, payouts, beneficiaries):
 * any version, either case, as Postgres prints and parses them.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
