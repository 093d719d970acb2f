import { describe, it, expect } from '@jest/globals';
import { Messages } from './messages.js';
import { checkMobile, MOBILE_NOT_TEXT, normalizeMobile } from './mobile.js';

describe('normalizeMobile', () => {
  it('keeps only the digits', () => {
    expect(normalizeMobile(' 98765-43210 ')).toBe('9876543210');
    expect(normalizeMobile('(987) 654 3210')).toBe('9876543210');
    expect(normalizeMobile('abc')).toBe('');
  });
});

describe('checkMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    [' 9876543210\n', '9876543210'],
  ])('accepts %p as the 10 digits %p', (input, digits) => {
    expect(checkMobile(input)).toEqual({ ok: true, value: digits });
  });

  it.each([undefined, null, '', '   ', 'abc', '-'])(
    'asks for a mobile number when %p has no digits',
    (input) => {
      expect(checkMobile(input)).toEqual({ ok: false, message: Messages.mobileRequired });
    },
  );

  it.each(['987654321', '98765432101', '+91 98765 43210', '1'])(
    'refuses %p as not exactly 10 digits',
    (input) => {
      expect(checkMobile(input)).toEqual({ ok: false, message: 'Mobile number must be 10 digits' });
    },
  );

  it.each([9876543210, 987654321, 0, true, {}, [], ['9876543210']])(
    'refuses %p: a mobile number is text, never a JSON number or another shape',
    (input) => {
      expect(checkMobile(input)).toEqual({ ok: false, message: MOBILE_NOT_TEXT });
    },
  );
});
