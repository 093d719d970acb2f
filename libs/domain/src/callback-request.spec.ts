import { describe, expect, it } from '@jest/globals';
import { checkCallbackMessage, checkCallbackName } from './callback-request.js';

describe('call-back request fields', () => {
  it.each([
    [undefined, { ok: false, message: 'Please enter your name.' }],
    ['   ', { ok: false, message: 'Please enter your name.' }],
    ['x'.repeat(121), { ok: false, message: 'Name must be at most 120 characters.' }],
    ['  Ravi Kumar ', { ok: true, value: 'Ravi Kumar' }],
  ])('name %j gives %j', (input, expected) => {
    expect(checkCallbackName(input)).toEqual(expected);
  });

  it.each([
    [undefined, { ok: true, value: null }],
    ['  ', { ok: true, value: null }],
    [42, { ok: false, message: 'Message must be text.' }],
    ['y'.repeat(1001), { ok: false, message: 'Message must be at most 1000 characters.' }],
    [' call after 5 ', { ok: true, value: 'call after 5' }],
  ])('message %j gives %j', (input, expected) => {
    expect(checkCallbackMessage(input)).toEqual(expected);
  });
});
