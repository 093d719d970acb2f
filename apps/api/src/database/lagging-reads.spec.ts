import { describe, expect, it } from '@jest/globals';
import { isConnectionError } from './lagging-reads.js';

describe('a read that failed on the replica', () => {
  it('is answered by the primary when the replica went away', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', 'ECONNREFUSED', 'ECONNRESET']) {
      expect([code, isConnectionError({ code })]).toEqual([code, true]);
    }
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('fails as it is when the query itself failed (the primary would say the same)', () => {
    // Syntax, read-only refusal, cancelled by a recovery conflict or a timeout, a bug of ours.
    for (const code of ['42601', '25006', '40001', '57014', 'ERR_INVALID_ARG_TYPE']) {
      expect([code, isConnectionError({ code })]).toEqual([code, false]);
    }
    expect(isConnectionError(new TypeError('cannot read properties of undefined'))).toBe(false);
  });
});
