import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { indiaDay } from './business-day.js';
import { returnClock } from './return-clock.js';

// 2026-03-02 is a Monday; IST is UTC+05:30.
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

describe('returnClock', () => {
  it('gives until the end of T + 1 in India, whatever the UTC date of T', () => {
    // 23:50 IST on the 2nd is still the 2nd in India but 18:20 UTC; 00:10 IST on the 3rd is
    // 18:40 UTC on the 2nd.
    expect(returnClock(ist('2026-03-02', '23:50:00'), null, ist('2026-03-02', '23:55:00'))).toEqual(
      {
        transactionDay: '2026-03-02',
        deadline: ist('2026-03-03', '23:59:59.999'),
        daysLate: 0,
        compensation: 0,
      },
    );
    expect(returnClock(ist('2026-03-03', '00:10:00'), null, ist('2026-03-04', '23:59:00'))).toEqual(
      {
        transactionDay: '2026-03-03',
        deadline: ist('2026-03-04', '23:59:59.999'),
        daysLate: 0,
        compensation: 0,
      },
    );
  });

  it('counts each India day after T + 1, Sundays included, at ₹100 a day', () => {
    const started = ist('2026-03-06', '18:00:00'); // a Friday
    expect(returnClock(started, null, ist('2026-03-08', '00:00:00')).daysLate).toBe(1);
    // Sunday the 8th counts: by Monday the 9th it is two days late.
    expect(returnClock(started, null, ist('2026-03-09', '09:00:00'))).toMatchObject({
      daysLate: 2,
      compensation: 200_00,
    });
  });

  it('stops at the return: a late return keeps the days it was late', () => {
    const started = ist('2026-03-02', '10:00:00');
    const returned = ist('2026-03-05', '08:00:00');
    expect(returnClock(started, returned, ist('2026-03-20', '12:00:00'))).toMatchObject({
      daysLate: 2,
      compensation: 200_00,
    });
    expect(
      returnClock(started, ist('2026-03-03', '23:59:00'), ist('2026-03-20', '12:00:00')),
    ).toMatchObject({ daysLate: 0, compensation: 0 });
  });

  it('is late exactly when the end is past the deadline, by the India days between', () => {
    const moment = fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2027-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(moment, fc.integer({ min: 0, max: 20 * 24 * 60 }), (start, minutes) => {
        const end = new Date(start.getTime() + minutes * 60_000);
        const clock = returnClock(start, null, end);
        expect(clock.daysLate > 0).toBe(end > clock.deadline);
        expect(indiaDay(clock.deadline)).toBe(
          indiaDay(new Date(start.getTime() + 24 * 60 * 60 * 1000)),
        );
        expect(clock.compensation).toBe(clock.daysLate * 100_00);
      }),
    );
  });
});
