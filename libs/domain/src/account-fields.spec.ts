import { describe, expect, it } from '@jest/globals';
import {
  checkName,
  checkNewPassword,
  checkOptionalEmail,
  checkOptionalShopName,
  checkRoleInput,
} from './account-fields.js';

describe('user fields', () => {
  it.each([
    [undefined, { ok: false, message: 'Please input name!' }],
    ['   ', { ok: false, message: 'Please input name!' }],
    ['A', { ok: false, message: 'Name must be 2 to 120 characters.' }],
    ['x'.repeat(121), { ok: false, message: 'Name must be 2 to 120 characters.' }],
    ['  Ravi   Kumar ', { ok: true, value: 'Ravi Kumar' }],
  ])('checks the name %j', (input, result) => {
    expect(checkName(input)).toEqual(result);
  });

  it.each([
    [undefined, { ok: false, message: 'Please input your password!' }],
    ['short12', { ok: false, message: 'Password must have at least 8 characters.' }],
    ['x'.repeat(201), { ok: false, message: 'Password is too long.' }],
    [' spaced pass ', { ok: true, value: ' spaced pass ' }],
  ])('checks the new password %j', (input, result) => {
    expect(checkNewPassword(input)).toEqual(result);
  });

  it.each([
    [undefined, { ok: true, value: null }],
    ['', { ok: true, value: null }],
    [' Ravi@Example.IN ', { ok: true, value: 'ravi@example.in' }],
    ['ravi@example', { ok: false, message: 'Please enter a valid email address.' }],
    ['ravi example@x.in', { ok: false, message: 'Please enter a valid email address.' }],
    [42, { ok: false, message: 'Please enter a valid email address.' }],
  ])('checks the optional email %j', (input, result) => {
    expect(checkOptionalEmail(input)).toEqual(result);
  });

  it.each([
    [undefined, { ok: true, value: null }],
    ['  ', { ok: true, value: null }],
    [' Ravi  Kirana ', { ok: true, value: 'Ravi Kirana' }],
    ['x'.repeat(121), { ok: false, message: 'Shop name must be at most 120 characters.' }],
  ])('checks the optional shop name %j', (input, result) => {
    expect(checkOptionalShopName(input)).toEqual(result);
  });

  it('asks for a role when none is given', () => {
    expect(checkRoleInput('')).toEqual({ ok: false, message: 'Please select a role!' });
    expect(checkRoleInput('user')).toEqual({ ok: true, value: 'user' });
  });
});
