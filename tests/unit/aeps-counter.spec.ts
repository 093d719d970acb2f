import { describe, expect, it } from '@jest/globals';
import { RUPEE } from '@khata/domain';
import {
  aadhaarPayFee,
  groupAadhaar,
  inFlight,
  reversalText,
} from '../../apps/console/src/features/admin/aeps-counter/format.js';

/** Issue 26: the AEPS counter's small rules (the receipt's lines are aeps.spec.ts's). */
describe('the AEPS counter', () => {
  it('groups an Aadhaar number 4-4-4 as typed, digits only, at most 12', () => {
    expect(groupAadhaar('2345')).toBe('2345');
    expect(groupAadhaar('23456')).toBe('2345 6');
    expect(groupAadhaar('2345-6789 0124 99')).toBe('2345 6789 0124');
    expect(groupAadhaar(undefined)).toBe('');
  });

  it('prices Aadhaar Pay’s fee at the status’s percentage, to the paisa', () => {
    expect(aadhaarPayFee(1000 * RUPEE, 0.5)).toBe(500);
    expect(aadhaarPayFee(333 * RUPEE, 0.5)).toBe(167);
  });

  it('says a debited failure is reversed within 5 days, by the due day in India', () => {
    // RBI's T+5 deadline as the API answers it: the end of the fifth India day.
    const failed = {
      status: 'failed',
      bankDebited: true,
      reversalDueBy: '2026-12-03T18:29:59.999Z',
    };
    // The words are the screen's translation (aeps-counter's reversal texts); here, the day.
    const say = (due: string | null) => `within 5 days, by ${due}`;
    expect(reversalText(failed, say)).toBe('within 5 days, by 3 Dec 2026');
    expect(reversalText(failed, say, 'hi-IN')).toBe('within 5 days, by 3 दिस॰ 2026');
    expect(reversalText({ ...failed, bankDebited: false }, say)).toBeNull();
    expect(reversalText({ ...failed, status: 'processed' }, say)).toBeNull();
  });

  it('asks again only while the bank has not answered', () => {
    expect(['queued', 'processing', 'processed', 'failed'].filter(inFlight)).toEqual([
      'queued',
      'processing',
    ]);
  });
});
