import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES, ErrorCode } from '@khata/domain';
import { AppError, HTTP_STATUS_BY_KIND } from './errors.js';

describe('AppError.coded', () => {
  it.each(Object.values(ErrorCode))(
    'answers code %i with the status and message of the catalogue',
    (code) => {
      const error = AppError.coded(code);
      expect(error.code).toBe(code);
      expect(HTTP_STATUS_BY_KIND[error.kind]).toBe(ERROR_CODES[code].status);
      expect(error.message).toBe(ERROR_CODES[code].message);
    },
  );

  it('keeps a more precise message and the extra fields', () => {
    const error = AppError.coded(ErrorCode.SessionEnded, {
      message: 'Signed out elsewhere.',
      fields: { reason: 'signed-out-elsewhere' },
    });
    expect(error).toMatchObject({
      kind: 'unauthenticated',
      message: 'Signed out elsewhere.',
      code: 2211,
      fields: { reason: 'signed-out-elsewhere' },
    });
  });
});
