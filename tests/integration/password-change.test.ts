import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, given, signIn } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// Changing one's own password from the Control Panel (issue 31 item 14): the current password,
// the new one twice, the rules for new passwords; the user's other sessions end.

const NEW_PASSWORD = 'Counter@2468-new';

describe('the control panel password change', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const changePassword = (token: string, body: unknown) =>
    call(`${api.url}/api/user/cPanel-ChangePassword`, { body, headers: bearer(token) });
  const login = (mobile: string, password: string) =>
    call<{ token?: string }>(`${api.url}/api/auth/login`, { body: { mobile, password } });
  const stillSignedIn = (token: string) =>
    call(`${api.url}/api/user/cPanel-Logs`, { body: {}, headers: bearer(token) });

  it('sets the new password, ends the other sessions and says so, and keeps this one', async () => {
    // A password shorter than today's rule still signs in and may be changed.
    const user = await given(api).user({ password: 'Secret@123' });
    const here = await signIn(api, user);
    const there = await signIn(api, user);
    const elsewhere = await signIn(api, user);

    const answer = await changePassword(here, {
      oldPassword: 'Secret@123',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Password changed. You were signed out of 2 other sessions.',
    });
    expect((await stillSignedIn(here)).status).toBe(200);
    for (const token of [there, elsewhere]) {
      expect((await stillSignedIn(token)).body).toMatchObject({
        code: 2211,
        reason: 'signed-out-elsewhere',
      });
    }
    expect((await login(user.mobile, 'Secret@123')).status).toBe(401);
    expect((await login(user.mobile, NEW_PASSWORD)).status).toBe(200);
    const audit = await query<{ outcome: string; details: unknown }>(
      api,
      "SELECT outcome, details FROM audit_log WHERE action = 'password.change' AND actor_id = $1",
      [user.id],
    );
    expect(audit).toEqual([{ outcome: 'success', details: { sessionsEnded: 2 } }]);
  });

  it.each([
    [{}, 'Please input your current password!'],
    [{ oldPassword: 'Secret@123' }, 'Please input your new password!'],
    [
      { oldPassword: 'Secret@123', newPassword: 'Short@12345', confirmPassword: 'Short@12345' },
      'Password must have at least 12 characters.',
    ],
    [
      { oldPassword: 'Secret@123', newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      'The two new passwords do not match.',
    ],
    [
      {
        oldPassword: 'Secret@123456',
        newPassword: 'Secret@123456',
        confirmPassword: 'Secret@123456',
      },
      'The new password must be different from the current one.',
    ],
  ])('refuses %j with %j and changes nothing', async (body, message) => {
    const user = await given(api).user({ password: 'Secret@123' });
    const token = await signIn(api, user);
    const answer = await changePassword(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
    expect((await login(user.mobile, 'Secret@123')).status).toBe(200);
  });

  it('refuses a wrong current password, and pauses after 5 wrong ones even when sent at once', async () => {
    const user = await given(api).user({ password: 'Secret@123' });
    const token = await signIn(api, user);
    const change = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        changePassword(token, { ...change, oldPassword: `wrong-${i}` }),
      ),
    );
    const outcomes = answers.map((answer) => `${answer.status} ${String(answer.body.message)}`);
    expect(
      outcomes.filter((outcome) => outcome === '422 Incorrect current password.'),
    ).toHaveLength(5);
    expect(
      outcomes.filter(
        (outcome) => outcome === '429 Too many wrong passwords. Please try again in 15 minutes.',
      ),
    ).toHaveLength(3);
    // Paused: even the right one waits, and nothing changed.
    const right = await changePassword(token, { ...change, oldPassword: 'Secret@123' });
    expect(right.status).toBe(429);
    expect((await stillSignedIn(token)).status).toBe(200);
    expect((await login(user.mobile, 'Secret@123')).status).toBe(200);
  });
});
