import { describe, it, expect } from '@jest/globals';
import { Messages } from './messages.js';
import { canSubmitPin, checkChangePin, checkPayoutPin, checkPin } from './pin.js';

describe('checkPin', () => {
  it.each(['1234', '0000', '0123456789', '98765'])('accepts %p as typed', (pin) => {
    expect(checkPin(pin)).toEqual({ ok: true, value: pin });
  });

  it.each([undefined, null, '', 1234])('asks for the PIN when given %p', (pin) => {
    expect(checkPin(pin)).toEqual({ ok: false, message: 'Please input your PIN!' });
  });

  it.each(['12a4', ' 1234', '1234 ', '12.34', '-1234', '١٢٣٤'])(
    'refuses %p as containing more than numbers',
    (pin) => {
      expect(checkPin(pin)).toEqual({ ok: false, message: 'PIN should contain only numbers' });
    },
  );

  it.each(['1', '123', '01234567890'])('refuses %p as shorter than 4 or longer than 10', (pin) => {
    expect(checkPin(pin)).toEqual({ ok: false, message: Messages.pinLength });
  });
});

describe('checkPayoutPin', () => {
  it("asks for the PIN with the payout screen's message", () => {
    expect(checkPayoutPin('')).toEqual({ ok: false, message: 'PIN is required.' });
    expect(checkPayoutPin(undefined)).toEqual({ ok: false, message: 'PIN is required.' });
  });

  it('applies the same digit and length rules', () => {
    expect(checkPayoutPin('12ab')).toEqual({ ok: false, message: Messages.pinDigitsOnly });
    expect(checkPayoutPin('123')).toEqual({ ok: false, message: Messages.pinLength });
    expect(checkPayoutPin('4321')).toEqual({ ok: true, value: '4321' });
  });
});

describe('canSubmitPin', () => {
  it('enables the confirmation at 4 characters', () => {
    expect(canSubmitPin('123')).toBe(false);
    expect(canSubmitPin('1234')).toBe(true);
    expect(canSubmitPin('12345')).toBe(true);
  });
});

describe('checkChangePin', () => {
  it.each([
    [{}],
    [{ oldPin: '1234' }],
    [{ newPin: '5678' }],
    [{ oldPin: '', newPin: '5678' }],
    [{ oldPin: '1234', newPin: '' }],
  ])('asks for both PINs when given %p', (input) => {
    expect(checkChangePin(input)).toEqual({
      ok: false,
      message: 'Both Old PIN and New PIN are required!',
    });
  });

  it('checks each PIN with the PIN rules', () => {
    expect(checkChangePin({ oldPin: '12a4', newPin: '5678' })).toEqual({
      ok: false,
      message: Messages.pinDigitsOnly,
    });
    expect(checkChangePin({ oldPin: '1234', newPin: '567' })).toEqual({
      ok: false,
      message: Messages.pinLength,
    });
  });

  it('refuses a new PIN equal to the old one', () => {
    expect(checkChangePin({ oldPin: '1234', newPin: '1234' })).toEqual({
      ok: false,
      message: 'New PIN must be different from Old PIN.',
    });
  });

  it('accepts a valid change', () => {
    expect(checkChangePin({ oldPin: '1234', newPin: '567890' })).toEqual({
      ok: true,
      value: { oldPin: '1234', newPin: '567890' },
    });
  });
});
