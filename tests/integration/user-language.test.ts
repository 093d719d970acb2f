import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UserLanguageMessages } from '@khata/domain';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

/** Issue 30: the console's language on the user's profile (POST /user/language). */
describe('the language on the profile', () => {
  let api: TestApi;
  let user: GivenUser;
  let token: string;

  const profile = async (auth = token) =>
    call<{ profile: { language: string | null } }>(`${api.url}/api/user/userData`, {
      body: {},
      headers: bearer(auth),
    });
  const choose = (body: unknown, headers: Record<string, string> = bearer(token)) =>
    call<{ success: boolean; message: string; language?: string }>(`${api.url}/api/user/language`, {
      body,
      headers,
    });

  beforeAll(async () => {
    api = await startTestApi();
    user = await given(api).user({ role: 'khataEmployee2' });
    token = await signIn(api, user);
  });
  afterAll(() => api.close());

  it('is null until the user chooses', async () => {
    const answer = await profile();
    expect(answer.status).toBe(200);
    expect(answer.body.profile.language).toBeNull();
  });

  it('is set by the signed-in caller, read back, and carried by the next sign-in', async () => {
    const hindi = await choose({ language: 'hi' });
    expect(hindi.status).toBe(200);
    expect(hindi.body).toEqual({
      success: true,
      message: UserLanguageMessages.saved,
      language: 'hi',
    });
    expect((await profile()).body.profile.language).toBe('hi');

    const login = await call<{ profile: { language: string | null } }>(
      `${api.url}/api/auth/login`,
      { body: { mobile: user.mobile, password: user.password } },
    );
    expect(login.body.profile.language).toBe('hi');

    expect((await choose({ language: 'en' })).status).toBe(200);
    expect((await profile()).body.profile.language).toBe('en');
  });

  it.each([
    ['another language', { language: 'fr' }],
    ['a tag with a region', { language: 'hi-IN' }],
    ['upper case', { language: 'HI' }],
    ['nothing', {}],
    ['null', { language: null }],
    ['a number', { language: 1 }],
  ])('refuses %s with a 400 and keeps the choice', async (_what, body) => {
    const answer = await choose(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message: UserLanguageMessages.invalid });
    expect((await profile()).body.profile.language).toBe('en');
  });

  it('answers 401 when signed out', async () => {
    const answer = await choose({ language: 'hi' }, {});
    expect(answer.status).toBe(401);
  });
});
