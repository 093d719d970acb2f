import { describe, expect, it } from '@jest/globals';
import { DEFAULT_BBPS_LIMITS, RUPEE } from '@khata/domain';
import {
  billPaise,
  checkPayAmount,
  formatBillDate,
  geocodeOf,
  inFlight,
  rememberedPostalCode,
  rememberPostalCode,
} from '../../apps/console/src/features/admin/bbps/format.js';

/** Issue 27: the bill payment screens' small rules (the screens are bbps.spec.ts's). */
describe('the BBPS console', () => {
  const bill = { bill: 1_234_50, exactness: 'EXACT' as const };

  it('takes only the exact bill amount from an EXACT biller, naming the bill', () => {
    expect(checkPayAmount('1234.50', bill)).toEqual({ ok: true, value: 1_234_50 });
    expect(checkPayAmount('1234.5', bill)).toEqual({ ok: true, value: 1_234_50 });
    const less = checkPayAmount('1000', bill);
    expect(less.ok).toBe(false);
    expect(!less.ok && less.message).toContain('₹1,234.50');
  });

  it('takes a bill’s early or late amount from an EXACT biller too, as the API does', () => {
    const withLate = { ...bill, alternatives: [1_259_50] };
    expect(checkPayAmount('1259.50', withLate)).toEqual({ ok: true, value: 1_259_50 });
    expect(checkPayAmount('1259.50', bill).ok).toBe(false);
    expect(checkPayAmount('1259.49', withLate).ok).toBe(false);
  });

  it('remembers the shop’s postal code on the device, and only a valid one', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
    expect(rememberedPostalCode(storage)).toBeUndefined();
    rememberPostalCode(storage, '122001');
    expect(rememberedPostalCode(storage)).toBe('122001');
    rememberPostalCode(storage, '0220');
    expect(rememberedPostalCode(storage)).toBeUndefined();
  });

  it('lets a part payment through only where the biller takes one', () => {
    expect(checkPayAmount('500', { ...bill, exactness: 'EXACT_AND_BELOW' }).ok).toBe(true);
    expect(checkPayAmount('1500', { ...bill, exactness: 'EXACT_AND_BELOW' }).ok).toBe(false);
    expect(checkPayAmount('1500', { ...bill, exactness: 'EXACT_AND_ABOVE' }).ok).toBe(true);
    expect(checkPayAmount('500', { ...bill, exactness: 'EXACT_AND_ABOVE' }).ok).toBe(false);
    expect(checkPayAmount('7', { ...bill, exactness: 'ANY' }).ok).toBe(true);
  });

  it('refuses amounts that are not rupees, below the floor or above the limit, in the API’s words', () => {
    expect(checkPayAmount('', null)).toEqual({
      ok: false,
      message: 'Please enter the amount to pay.',
    });
    expect(checkPayAmount('12.345', null).ok).toBe(false);
    expect(checkPayAmount('0.50', null).ok).toBe(false);
    const max = DEFAULT_BBPS_LIMITS.perPayment;
    expect(checkPayAmount(String(max / RUPEE), null).ok).toBe(true);
    expect(checkPayAmount(String(max / RUPEE + 1), null).ok).toBe(false);
    expect(checkPayAmount('600', null, 500 * RUPEE).ok).toBe(false);
  });

  it('reads the bill’s rupees into paise exactly', () => {
    expect(billPaise(1234.5)).toBe(1_234_50);
    expect(billPaise(0.1 + 0.2)).toBeUndefined();
  });

  it('sends the location gate’s fix as BBPS’s "lat,long" with 4 decimals, or nothing', () => {
    expect(geocodeOf({ latitude: '28.459497', longitude: '77.026638' })).toBe('28.4595,77.0266');
    expect(geocodeOf(undefined)).toBeUndefined();
    expect(geocodeOf({ latitude: 'x', longitude: '77' })).toBeUndefined();
  });

  it('reads a payment as not final while queued or processing', () => {
    expect(inFlight('queued')).toBe(true);
    expect(inFlight('processing')).toBe(true);
    expect(inFlight('processed')).toBe(false);
    expect(inFlight('failed')).toBe(false);
  });

  it('shows a bill’s day as India reads it', () => {
    expect(formatBillDate('2026-11-28')).toBe('28 Nov 2026');
    expect(formatBillDate(null)).toBe('—');
  });
});
