import pg from 'pg';

const INT8_OID = 20;

/**
 * Postgres `bigint` (int8) as a JS number: paise, seqs' neighbours and counts all fit below
 * 2^53. A value that does not fit is refused, never rounded: a rounded amount is a wrong one.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`A bigint of ${text} does not fit a JS number exactly.`);
  }
  return value;
}

/**
 * The type parsers of every pool Khata makes (the API's, the ledger CLI's, the tests'): int8
 * is decoded here once, every other type as `pg` does by default. Passed as the pool's
 * `types` rather than set on pg's global registry, so it cannot depend on which copy of `pg`
 * a library loaded, and a test's own throw-away client sees Postgres' raw text as before.
 */
export const khataTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
