import { describe, it, expect } from '@jest/globals';
import { checkCoordinates, formatCoordinate } from './location.js';

describe('formatCoordinate', () => {
  it('writes degrees with 6 decimals', () => {
    expect(formatCoordinate(28.6139391)).toBe('28.613939');
    expect(formatCoordinate(77)).toBe('77.000000');
    expect(formatCoordinate(-0.5)).toBe('-0.500000');
  });
});

describe('checkCoordinates', () => {
  it('accepts both coordinates as strings or numbers', () => {
    expect(checkCoordinates('28.613939', 77.209021)).toEqual({
      ok: true,
      value: { latitude: '28.613939', longitude: '77.209021' },
    });
  });

  it.each([
    [undefined, '77.2'],
    ['28.6', null],
    ['null', '77.2'],
    ['28.6', 'null'],
    ['', '77.2'],
    ['28.6', NaN],
  ])('says the coordinates are not available for (%p, %p)', (latitude, longitude) => {
    expect(checkCoordinates(latitude, longitude)).toEqual({
      ok: false,
      message: 'Location coordinates are not available.',
    });
  });
});
