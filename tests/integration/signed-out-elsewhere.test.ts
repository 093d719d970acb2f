import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, given, signIn } from '../support/given.js';
import { disconnected, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// A session logged out from the control panel of another device learns it was that, on its
// socket and on its next call; one that ended itself learns it was its own logout.

const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('signed out from another device', () => {
  let api: TestApi;
  const clients = socketClients();

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterEach(() => clients.closeAll());
  afterAll(() => api.close());

  const logoutThisSession = (token: string, loginId: string) =>
    call(`${api.url}/api/user/logoutThisSession`, { headers: bearer(token), body: { loginId } });
  const userData = (token: string) =>
    call(`${api.url}/api/user/userData`, { headers: bearer(token), body: {} });

  it('the other device hears session.revoked with reason signed-out-elsewhere, and its next call says so', async () => {
    const user = await given(api).user();
    const laptop = await signIn(api, user);
    const phone = await signIn(api, user);
    const phoneSocket = await clients.connect(api, { token: phone });
    const laptopSocket = await clients.connect(api, { token: laptop });

    const answer = await logoutThisSession(laptop, sessionOf(phone));
    expect(answer.body).toEqual({ success: true, message: 'Logged out of that device.' });

    expect(await disconnected(phoneSocket)).toBe('io server disconnect');
    expect(phoneSocket.heard).toEqual([
      { event: 'session.revoked', data: { code: 2211, reason: 'signed-out-elsewhere' } },
    ]);
    const refused = await userData(phone);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      success: false,
      message: 'You were signed out from another device.',
      code: 2211,
      reason: 'signed-out-elsewhere',
    });
    // The laptop, which did it, is untouched.
    expect(laptopSocket.socket.connected).toBe(true);
    expect((await userData(laptop)).status).toBe(200);
    const [row] = await query<{ reason: string }>(
      api,
      'SELECT revoked_reason AS reason FROM sessions WHERE id = $1',
      [sessionOf(phone)],
    );
    expect(row?.reason).toBe('logged-out-elsewhere');
  });

  it('a session that logs itself out from its own control panel is told it was its own logout', async () => {
    const user = await given(api).user();
    const token = await signIn(api, user);
    const socket = await clients.connect(api, { token });

    const answer = await logoutThisSession(token, sessionOf(token));
    expect(answer.body).toEqual({ success: true, message: 'Logged out of this session.' });
    expect(await disconnected(socket)).toBe('io server disconnect');
    expect(socket.heard).toEqual([
      { event: 'session.revoked', data: { code: 2211, reason: 'logout' } },
    ]);
    expect((await userData(token)).body).toEqual({
      success: false,
      message: 'Your session has ended. Please login again.',
      code: 2211,
      reason: 'logout',
    });
  });
});
