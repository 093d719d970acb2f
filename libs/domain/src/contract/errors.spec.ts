import { describe, expect, it } from '@jest/globals';
import { FORCED_LOGOUT_CODE } from '../limits.js';
import { Messages } from '../messages.js';
import { ERROR_CODES, ErrorCode, errorCodeEntry } from './errors.js';

describe('the error-code catalogue', () => {
  it('gives each code its status and default message', () => {
    expect(errorCodeEntry(2211)).toEqual({ status: 401, message: Messages.sessionEnded });
    expect(errorCodeEntry(4091)).toEqual({
      status: 409,
      message:
        'A payment of the same amount to this account was made in the last 20 minutes. Please confirm to send it again.',
    });
  });

  it('knows nothing of a code it does not list, nor of a code sent as text', () => {
    expect(errorCodeEntry(4092)).toBeUndefined();
    expect(errorCodeEntry('4091')).toBeUndefined();
    expect(errorCodeEntry(undefined)).toBeUndefined();
    expect(errorCodeEntry('toString')).toBeUndefined();
  });

  it('lists every named code, and the forced logout is one of them', () => {
    expect(Object.keys(ERROR_CODES).map(Number).sort()).toEqual(Object.values(ErrorCode).sort());
    expect(FORCED_LOGOUT_CODE).toBe(ErrorCode.SessionEnded);
  });
});
