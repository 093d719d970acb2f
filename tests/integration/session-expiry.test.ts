import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

const HOUR_MS = 60 * 60 * 1000;

/** Issue 31, item 6: sessions end when left unused, and an admin's sooner in any case. */
describe('session expiry (issue 31)', () => {
  const userData = (api: TestApi, token: string) =>
    call(`${api.url}/api/user/userData`, { body: {}, headers: bearer(token) });

  describe('with SESSION_IDLE_MINUTES=2', () => {
    const clock = new MovableClock();
    let api: TestApi;
    let retailer: GivenUser;

    beforeAll(async () => {
      api = await startTestApi({ SESSION_IDLE_MINUTES: '2' }, { clock });
      retailer = await given(api).user();
    });
    afterAll(() => api.close());

    it('keeps a used session, and ends it 2 minutes after its last call with code 2211 and why', async () => {
      const token = await signIn(api, retailer);
      clock.advance({ minutes: 1, seconds: 30 });
      expect((await userData(api, token)).status).toBe(200);
      clock.advance({ minutes: 1, seconds: 30 });
      // Three minutes after the sign-in, but only 90 seconds after the last call.
      expect((await userData(api, token)).status).toBe(200);
      clock.advance({ minutes: 2, seconds: 1 });
      const idle = await userData(api, token);
      expect({ status: idle.status, body: idle.body }).toEqual({
        status: 401,
        body: {
          success: false,
          code: 2211,
          reason: 'idle',
          idleMinutes: 2,
          message: 'You were signed out after 2 minutes without activity. Please sign in again.',
        },
      });
      // And it stays ended.
      clock.advance({ seconds: 5 });
      expect((await userData(api, token)).status).toBe(401);
    });

    it('writes the last use at most once a minute, whatever the burst of calls', async () => {
      const token = await signIn(api, retailer);
      const lastSeen = async () =>
        (
          await query<{ at: Date }>(
            api,
            `SELECT last_seen_at AS at FROM sessions WHERE user_id = $1
              ORDER BY created_at DESC LIMIT 1`,
            [retailer.id],
          )
        )[0]!.at.getTime();
      const opened = await lastSeen();
      const burst = await Promise.all(Array.from({ length: 20 }, () => userData(api, token)));
      expect(burst.every((answer) => answer.status === 200)).toBe(true);
      expect(await lastSeen()).toBe(opened);

      clock.advance({ seconds: 61 });
      const later = clock.now().getTime();
      await Promise.all(Array.from({ length: 20 }, () => userData(api, token)));
      const written = await lastSeen();
      expect(written).toBeGreaterThanOrEqual(later);
      expect(written - later).toBeLessThan(5_000);
    });

    it("does not count a page's own polling as a use (X-Khata-Background)", async () => {
      const token = await signIn(api, retailer);
      clock.advance({ minutes: 1, seconds: 30 });
      const polled = await call(`${api.url}/api/user/userData`, {
        body: {},
        headers: { ...bearer(token), 'x-khata-background': '1' },
      });
      expect(polled.status).toBe(200);
      clock.advance({ seconds: 40 });
      expect((await userData(api, token)).body.reason).toBe('idle');
    });

    it('does not count a refused call as a use', async () => {
      const token = await signIn(api, retailer);
      clock.advance({ minutes: 1, seconds: 30 });
      // A route the retailer may not call: refused by the guard, the session not kept alive.
      const refused = await call(`${api.url}/api/admin/creditWallet`, {
        body: {},
        headers: bearer(token),
      });
      expect(refused.status).toBe(403);
      clock.advance({ seconds: 40 });
      expect((await userData(api, token)).body.reason).toBe('idle');
    });
  });

  describe('with the default lifetimes', () => {
    const clock = new MovableClock();
    let api: TestApi;

    beforeAll(async () => {
      // The idle limit at its longest, so only the absolute life is seen here.
      api = await startTestApi({ SESSION_IDLE_MINUTES: '1440' }, { clock });
    });
    afterAll(() => api.close());

    const lifetimeOf = async (user: GivenUser) => {
      const [row] = await query<{ ms: number }>(
        api,
        `SELECT extract(epoch FROM expires_at - last_seen_at) * 1000 AS ms FROM sessions
          WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [user.id],
      );
      return Math.round(Number(row!.ms) / 1000) * 1000;
    };

    it('gives an admin and a staff employee 8 hours, everyone else 24', async () => {
      const admin = await given(api).user({ role: 'admin', services: [] });
      const staff = await given(api).user({ role: 'khataEmployee1', services: ['staff'] });
      const retailer = await given(api).user();
      const partner = await given(api).user({ role: 'partner' });
      await signIn(api, admin);
      await signIn(api, staff);
      await signIn(api, retailer);
      await signIn(api, partner, '/api/auth/partner-login');
      expect({
        admin: await lifetimeOf(admin),
        staff: await lifetimeOf(staff),
        retailer: await lifetimeOf(retailer),
        partner: await lifetimeOf(partner),
      }).toEqual({
        admin: 8 * HOUR_MS,
        staff: 8 * HOUR_MS,
        retailer: 24 * HOUR_MS,
        partner: 24 * HOUR_MS,
      });
    });

    it("ends an admin's session after 8 hours, used or not, and not a retailer's", async () => {
      const admin = await given(api).user({ role: 'admin', services: [] });
      const retailer = await given(api).user();
      const adminToken = await signIn(api, admin);
      const retailerToken = await signIn(api, retailer);
      clock.advance({ minutes: 8 * 60 - 1 });
      expect((await userData(api, adminToken)).status).toBe(200);
      clock.advance({ minutes: 1, seconds: 1 });
      const ended = await userData(api, adminToken);
      expect({ status: ended.status, code: ended.body.code, reason: ended.body.reason }).toEqual({
        status: 401,
        code: 2211,
        reason: 'expired',
      });
      expect((await userData(api, retailerToken)).status).toBe(200);
    });
  });
});
