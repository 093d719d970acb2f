import { expect, test } from '@playwright/test';
import { acceptTermsBeforehand, givenUser, signInAs } from './admin.helpers.js';

// The business day is India's. A browser elsewhere (or a test browser on UTC) must ask the
// reports for India's "today", on both sides of IST midnight (18:30 UTC), whatever the hour of
// the machine running the suite: the browser's clock is fixed and its time zone chosen.
test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

const IST_MIDNIGHT = Date.parse('2026-11-23T18:30:00Z');
const MINUTE = 60_000;

const cases = [
  { zone: 'UTC', at: IST_MIDNIGHT - 15 * MINUTE, today: '2026-11-23', from: '2026-10-24' },
  { zone: 'UTC', at: IST_MIDNIGHT + 15 * MINUTE, today: '2026-11-24', from: '2026-10-25' },
  // 10:45 on the 23rd in California is already the 24th in India.
  {
    zone: 'America/Los_Angeles',
    at: IST_MIDNIGHT + 15 * MINUTE,
    today: '2026-11-24',
    from: '2026-10-25',
  },
  // 06:15 on the 24th in Tokyo is still the 23rd in India.
  { zone: 'Asia/Tokyo', at: IST_MIDNIGHT - 15 * MINUTE, today: '2026-11-23', from: '2026-10-24' },
];

for (const { zone, at, today, from } of cases) {
  test.describe(`a browser in ${zone} at ${new Date(at).toISOString()}`, () => {
    test.use({ timezoneId: zone });

    test(`asks the ledger report for India's day, ${today}`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const retailer = await givenUser(request, { role: 'khataEmployee2', name: 'Meera Iyer' });
      await acceptTermsBeforehand(context, baseURL);
      await signInAs(page, retailer);
      // The clock moves only now, so the sign-in and its cookies use the real time.
      await page.clock.setFixedTime(at);
      const asked = page.waitForRequest(
        (candidate) =>
          candidate.url().endsWith('/api/user/ledger') && candidate.method() === 'POST',
      );
      await page.goto('/admin/ledger');
      const body = (await asked).postDataJSON() as { from?: string; to?: string };
      expect(body).toMatchObject({ from, to: today });
      await expect(page.locator('#ledger-to')).toHaveValue(today);
      await expect(page.locator('#ledger-from')).toHaveValue(from);
    });
  });
}
