import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { khataTypes, parseInt8 } from './int8.js';

describe('int8 from Postgres', () => {
  it('reads a bigint as the exact number of paise', () => {
    expect(parseInt8('1000000000')).toBe(1_000_000_000);
    expect(parseInt8('-250')).toBe(-250);
    expect(parseInt8(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a bigint a JS number cannot hold exactly, instead of rounding it', () => {
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
    expect(() => parseInt8('-9007199254740993')).toThrow(RangeError);
  });

  it('decodes only int8 that way; every other type as pg does', () => {
    expect(khataTypes.getTypeParser(20, 'text')).toBe(parseInt8);
    // numeric (1700), e.g. sum() of bigint, stays text: it is not int8.
    expect(khataTypes.getTypeParser(1700, 'text')).toBe(pg.types.getTypeParser(1700, 'text'));
    expect(khataTypes.getTypeParser(23, 'text')).toBe(pg.types.getTypeParser(23, 'text'));
  });
});
