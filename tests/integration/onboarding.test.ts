import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { roleName } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { SmsSender, SmsUnavailableError } from '../../apps/api/src/beneficiaries/otp/sms-sender.js';
import { RateLimiter } from '../../apps/api/src/common/rate-limiter.js';
import { PinHasher } from '../../apps/api/src/credentials/pin-hasher.js';
import { SignupOtpLimit } from '../../apps/api/src/onboarding/commands/send-signup-otp.handler.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type Answer, type TestApi } from '../support/test-api.js';

// Onboarding with temporary credentials, setting one's own, an admin's reset, and the signup
// OTP (issue 12). Temporary passwords and OTPs are read where the sandbox SMS keeps them.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const burst = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

function statuses(answers: Answer[]): Record<number, number> {
  const counted: Record<number, number> = {};
  for (const { status } of answers) counted[status] = (counted[status] ?? 0) + 1;
  return counted;
}

const EXPIRED =
  'Your temporary password has expired. Please ask your upline or an admin to reset it again.';

const TEMPORARY_PASSWORD = /temporary password is ([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\./;

describe('onboarding with temporary credentials', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const role = (kind: Parameters<typeof roleName>[0]) => roleName(kind, api.config.productKey);

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers });
  const sms = (mobile: string) => api.app.get(SandboxSmsSender).lastTo(mobile)?.text;
  const temporaryPasswordOf = (mobile: string) => TEMPORARY_PASSWORD.exec(sms(mobile) ?? '')?.[1];
  const onboard = (token: string, body: Json) =>
    post(
      'admin/register-user',
      { name: 'Ravi Kumar', shopName: 'Ravi Store', ...body },
      bearer(token),
    );
  const login = (mobile: string, password: string) => post('auth/login', { mobile, password });
  const flags = async (mobile: string) =>
    (
      await query<Json>(
        api,
        'SELECT password_temporary, pin_temporary FROM users WHERE mobile = $1',
        [mobile],
      )
    )[0];

  /** Onboards, signs in with the SMS's password and sets credentials: a user ready to work. */
  async function onboardAndActivate(token: string, kind: Parameters<typeof roleName>[0]) {
    const mobile = newMobile();
    const created = await onboard(token, { mobile, role: role(kind) });
    expect(created.status).toBe(201);
    const first = await login(mobile, temporaryPasswordOf(mobile)!);
    const set = await post(
      'auth/setCredentials',
      { newPassword: 'Own@password1', newPin: '5791' },
      bearer(first.body.token),
    );
    expect(set.status).toBe(200);
    return {
      user: {
        id: created.body.user.id,
        mobile,
        name: 'Ravi Kumar',
        role: role(kind),
        password: 'Own@password1',
        pin: '5791',
      } as GivenUser,
      token: set.body.token as string,
    };
  }

  it('sends a new user a temporary password by SMS, stores it hashed with an unknown PIN, and audits it', async () => {
    const mobile = newMobile();
    const answer = await onboard(adminToken, { mobile, role: role('sdistributor') });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      success: true,
      message: 'User created. A temporary password has been sent to their mobile by SMS.',
      user: { id: expect.any(String), mobile, role: 'sdistributor' },
    });
    const password = temporaryPasswordOf(mobile);
    expect(password).toBeDefined();
    expect(await flags(mobile)).toEqual({ password_temporary: true, pin_temporary: true });
    const [outbox] = await query<Json>(
      api,
      'SELECT body FROM sandbox_sms_outbox WHERE to_mobile = $1',
      [mobile],
    );
    expect(outbox!.body).toContain(password);
    const [stored] = await query<Json>(api, 'SELECT password_hash FROM users WHERE mobile = $1', [
      mobile,
    ]);
    expect(stored!.password_hash).not.toContain(password);
    const audit = await query<Json>(
      api,
      "SELECT actor_id, details FROM audit_log WHERE action = 'user.register' AND subject_id = $1",
      [answer.body.user.id],
    );
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        details: { role: 'sdistributor', parentId: admin.id, credentials: 'temporary-by-sms' },
      },
    ]);
  });

  it('signs the new user in with a flag, refuses every other call with 4031 until the password and PIN are set', async () => {
    const mobile = newMobile();
    await onboard(adminToken, { mobile, role: role('user') });
    const password = temporaryPasswordOf(mobile)!;
    const first = await login(mobile, password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      token: expect.any(String),
      mustChangeCredentials: true,
      temporary: ['password', 'pin'],
    });
    const token = first.body.token as string;
    for (const path of ['user/userData', 'user/checkBalance', 'user/cPanel-Logs']) {
      const refused = await post(path, {}, bearer(token));
      expect({ path, status: refused.status, body: refused.body }).toEqual({
        path,
        status: 403,
        body: {
          success: false,
          code: 4031,
          message: 'Please set a new password and PIN to continue.',
          temporary: 'password,pin',
        },
      });
    }

    const cases: [Json, string][] = [
      [{ newPassword: 'Own@password1' }, 'Please choose a new PIN.'],
      [{ newPin: '5791' }, 'Please choose a new password.'],
      [
        { newPassword: password, newPin: '5791' },
        'Please choose a password other than the temporary one.',
      ],
      [
        { newPassword: 'Short@12345', newPin: '5791' },
        'Password must have at least 12 characters.',
      ],
      [{ newPassword: 'Own@password1', newPin: '12' }, 'PIN must be 4 to 10 digits.'],
    ];
    for (const [body, message] of cases) {
      const answer = await post('auth/setCredentials', body, bearer(token));
      expect({ body, status: answer.status, message: answer.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await flags(mobile)).toEqual({ password_temporary: true, pin_temporary: true });

    const set = await post(
      'auth/setCredentials',
      { newPassword: 'Own@password1', newPin: '5791' },
      bearer(token),
    );
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      success: true,
      message: 'Your password and PIN are set. Welcome to Khata!',
      token: expect.any(String),
    });
    expect(await flags(mobile)).toEqual({ password_temporary: false, pin_temporary: false });
    // Every session that knew the temporary password ends; the fresh one works.
    expect((await post('user/userData', {}, bearer(token))).body.code).toBe(2211);
    expect((await post('user/userData', {}, bearer(set.body.token))).status).toBe(200);
    expect((await login(mobile, password)).status).toBe(401);
    const again = await login(mobile, 'Own@password1');
    expect(again.status).toBe(200);
    expect(again.body.mustChangeCredentials).toBeUndefined();
    const [row] = await query<Json>(api, 'SELECT id, pin_hash FROM users WHERE mobile = $1', [
      mobile,
    ]);
    expect(api.app.get(PinHasher).verify(row!.id, '5791', row!.pin_hash)).toBe(true);
    const twice = await post(
      'auth/setCredentials',
      { newPassword: 'Other@password2', newPin: '1357' },
      bearer(again.body.token),
    );
    expect({ status: twice.status, message: twice.body.message }).toEqual({
      status: 422,
      message: 'Your password and PIN are already your own.',
    });
    const audit = await query<Json>(
      api,
      "SELECT details FROM audit_log WHERE action = 'credentials.set' AND subject_id = $1",
      [row!.id],
    );
    expect(audit).toEqual([{ details: { password: true, pin: true } }]);
  });

  it('refuses a socket to a user with temporary credentials, and takes it once they are set', async () => {
    const sockets = socketClients();
    try {
      const mobile = newMobile();
      await onboard(adminToken, { mobile, role: role('user') });
      const { body } = await login(mobile, temporaryPasswordOf(mobile)!);
      const refused = await sockets.connect(api, { token: body.token }).then(
        () => undefined,
        (error: Error & { data?: unknown }) => error.data,
      );
      expect(refused).toEqual({ message: 'Please set a new password and PIN to continue.' });
      const set = await post(
        'auth/setCredentials',
        { newPassword: 'Own@password1', newPin: '5791' },
        bearer(body.token),
      );
      await expect(sockets.connect(api, { token: set.body.token })).resolves.toBeDefined();
    } finally {
      sockets.closeAll();
    }
  });

  it('lets a user with temporary credentials log out', async () => {
    const mobile = newMobile();
    await onboard(adminToken, { mobile, role: role('user') });
    const { body } = await login(mobile, temporaryPasswordOf(mobile)!);
    expect((await post('auth/logout', {}, bearer(body.token))).status).toBe(200);
  });

  it('lets a super distributor onboard a distributor, who onboards a retailer, each below itself', async () => {
    const sd = await onboardAndActivate(adminToken, 'sdistributor');
    const distributor = await onboardAndActivate(sd.token, 'distributor');
    const retailer = await onboardAndActivate(distributor.token, 'user');
    const parents = await query<Json>(
      api,
      'SELECT id, parent_id FROM users WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [[sd.user.id, distributor.user.id, retailer.user.id]],
    );
    expect(parents).toEqual([
      { id: sd.user.id, parent_id: admin.id },
      { id: distributor.user.id, parent_id: sd.user.id },
      { id: retailer.user.id, parent_id: distributor.user.id },
    ]);
    expect((await post('user/userData', {}, bearer(retailer.token))).status).toBe(200);

    const tooHigh = newMobile();
    const refused = await onboard(distributor.token, { mobile: tooHigh, role: 'distributor' });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'You cannot create a user with this role.',
    });
    const direct = await onboard(distributor.token, {
      mobile: newMobile(),
      role: 'user',
      password: 'Kirana@2024-shop',
      pin: '4321',
    });
    expect({ status: direct.status, message: direct.body.message }).toEqual({
      status: 400,
      message:
        "Only an admin can set a new user's password and PIN. Leave them out: a temporary password is sent by SMS.",
    });
    expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [tooHigh])).toEqual([]);
    expect(sms(tooHigh)).toBeUndefined();
  });

  it('refuses a duplicate mobile with 409 and sends nothing', async () => {
    const taken = await given(api).user();
    const answer = await onboard(adminToken, { mobile: taken.mobile, role: 'user' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('A user with this mobile number already exists.');
    expect(sms(taken.mobile)).toBeUndefined();
  });

  it('stores nothing when the SMS gateway does not take the temporary password (503)', async () => {
    const mobile = newMobile();
    const spy = jest
      .spyOn(api.app.get(SmsSender), 'send')
      .mockRejectedValueOnce(new SmsUnavailableError());
    try {
      const answer = await onboard(adminToken, { mobile, role: 'user' });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 503,
        message: 'The SMS could not be sent. Please try again later.',
      });
    } finally {
      spy.mockRestore();
    }
    expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [mobile])).toEqual([]);
  });

  it('refuses the welcome SMS’s temporary password after 72 hours', async () => {
    const mobile = newMobile();
    expect((await onboard(adminToken, { mobile, role: role('user') })).status).toBe(201);
    try {
      clock.advance({ minutes: 72 * 60 + 1 });
      const late = await login(mobile, temporaryPasswordOf(mobile)!);
      expect({ status: late.status, message: late.body.message }).toEqual({
        status: 401,
        message: EXPIRED,
      });
    } finally {
      clock.reset();
    }
  });

  describe('an admin resets a password or PIN', () => {
    const reset = (token: string, pin: string, body: Json) =>
      post('admin/resetCredentials', body, { ...bearer(token), pin });
    const reason = 'The retailer forgot the password.';

    it('sends a temporary password, ends the user’s sessions, and asks for a new password only', async () => {
      const retailer = await given(api).user({ role: 'user', parent: admin });
      const oldToken = await signIn(api, retailer);
      const answer = await reset(adminToken, admin.pin, {
        userId: retailer.id,
        what: 'password',
        reason,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(
        'A temporary password has been sent to the user by SMS. They must change it at next sign-in.',
      );
      expect((await post('user/userData', {}, bearer(oldToken))).body.code).toBe(2211);
      expect((await login(retailer.mobile, retailer.password)).status).toBe(401);
      const temporary = temporaryPasswordOf(retailer.mobile)!;
      const first = await login(retailer.mobile, temporary);
      expect(first.body).toMatchObject({ mustChangeCredentials: true, temporary: ['password'] });
      const withPin = await post(
        'auth/setCredentials',
        { newPassword: 'Own@password1', newPin: '5791' },
        bearer(first.body.token),
      );
      expect({ status: withPin.status, message: withPin.body.message }).toEqual({
        status: 400,
        message: 'Your PIN is not temporary: change it from the Control Panel.',
      });
      const set = await post(
        'auth/setCredentials',
        { newPassword: 'Own@password1' },
        bearer(first.body.token),
      );
      expect(set.status).toBe(200);
      const audit = await query<Json>(
        api,
        "SELECT actor_id, details FROM audit_log WHERE action = 'credentials.reset' AND subject_id = $1",
        [retailer.id],
      );
      expect(audit).toEqual([{ actor_id: admin.id, details: { what: 'password', reason } }]);
    });

    it('refuses a temporary password older than 72 hours with a clear message, and a new reset works', async () => {
      const retailer = await given(api).user({ role: 'user', parent: admin });
      const resetPassword = () =>
        reset(adminToken, admin.pin, { userId: retailer.id, what: 'password', reason });
      expect((await resetPassword()).status).toBe(200);
      const stale = temporaryPasswordOf(retailer.mobile)!;
      try {
        clock.advance({ minutes: 72 * 60 - 1 });
        expect((await login(retailer.mobile, stale)).status).toBe(200);
        clock.advance({ minutes: 2 });
        const late = await login(retailer.mobile, stale);
        expect({ status: late.status, message: late.body.message }).toEqual({
          status: 401,
          message: EXPIRED,
        });
      } finally {
        clock.reset();
      }
      // The admin's session ended with the clock's 72 hours: a new reset, at today's time.
      expect((await resetPassword()).status).toBe(200);
      expect((await login(retailer.mobile, temporaryPasswordOf(retailer.mobile)!)).status).toBe(
        200,
      );
    });

    it('lets the password set from a temporary one sign in at any time', async () => {
      const retailer = await given(api).user({ role: 'user', parent: admin });
      await reset(adminToken, admin.pin, { userId: retailer.id, what: 'password', reason });
      const first = await login(retailer.mobile, temporaryPasswordOf(retailer.mobile)!);
      const set = await post(
        'auth/setCredentials',
        { newPassword: 'Own@password1' },
        bearer(first.body.token),
      );
      expect(set.status).toBe(200);
      try {
        clock.advance({ minutes: 100 * 60 });
        expect((await login(retailer.mobile, 'Own@password1')).status).toBe(200);
      } finally {
        clock.reset();
      }
    });

    it('sends a temporary PIN that must be replaced before anything else', async () => {
      const retailer = await given(api).user({ role: 'user', parent: admin });
      const answer = await reset(adminToken, admin.pin, {
        userId: retailer.id,
        what: 'pin',
        reason,
      });
      expect(answer.status).toBe(200);
      const temporaryPin = /temporary PIN is (\d{6})\./.exec(sms(retailer.mobile) ?? '')?.[1];
      expect(temporaryPin).toBeDefined();
      const first = await login(retailer.mobile, retailer.password);
      expect(first.body).toMatchObject({ mustChangeCredentials: true, temporary: ['pin'] });
      const same = await post(
        'auth/setCredentials',
        { newPin: temporaryPin, temporaryPin },
        bearer(first.body.token),
      );
      expect(same.body.message).toBe('Please choose a PIN other than the temporary one.');
      expect(
        (
          await post(
            'auth/setCredentials',
            { newPin: '8642', temporaryPin },
            bearer(first.body.token),
          )
        ).status,
      ).toBe(200);
      expect(await flags(retailer.mobile)).toEqual({
        password_temporary: false,
        pin_temporary: false,
      });
    });

    describe('the temporary PIN from the SMS is asked before a new PIN', () => {
      // Each test sends its wrong PINs from an address of its own (the API trusts the loopback
      // proxy's X-Forwarded-For), so one test's per-address pause cannot reach another.
      let lastAddress = 0;
      const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${++lastAddress}` });
      const pinCounters = async (id: string) =>
        (
          await query<Json>(
            api,
            `SELECT pin_failures AS failures, pin_locked_until > now() AS locked
               FROM users WHERE id = $1`,
            [id],
          )
        )[0];

      /** A retailer whose PIN an admin reset, signed in with its own password. */
      async function withResetPin() {
        const retailer = await given(api).user({ role: 'user', parent: admin });
        const answer = await reset(adminToken, admin.pin, {
          userId: retailer.id,
          what: 'pin',
          reason,
        });
        expect(answer.status).toBe(200);
        const temporaryPin = /temporary PIN is (\d{6})\./.exec(sms(retailer.mobile) ?? '')![1]!;
        const first = await login(retailer.mobile, retailer.password);
        expect(first.body).toMatchObject({ mustChangeCredentials: true, temporary: ['pin'] });
        const wrongPin = temporaryPin === '000000' ? '000001' : '000000';
        return { retailer, temporaryPin, wrongPin, token: first.body.token as string };
      }
      const setPin = (token: string, body: Json, from: Record<string, string>) =>
        post('auth/setCredentials', { newPin: '8642', ...body }, { ...bearer(token), ...from });

      it('refuses a new PIN without the temporary PIN or with a wrong one, counts the wrong one, and takes the right one', async () => {
        const { retailer, temporaryPin, wrongPin, token } = await withResetPin();
        const from = newAddress();
        const without = await setPin(token, {}, from);
        expect({ status: without.status, message: without.body.message }).toEqual({
          status: 400,
          message: 'Please enter the temporary PIN sent to your mobile by SMS.',
        });
        expect(await pinCounters(retailer.id)).toEqual({ failures: 0, locked: null });
        const wrong = await setPin(token, { temporaryPin: wrongPin }, from);
        expect({ status: wrong.status, message: wrong.body.message }).toEqual({
          status: 422,
          message: 'Incorrect PIN. 4 tries left.',
        });
        // The old PIN, which whoever knows the password may also know, is no key either.
        const old = await setPin(token, { temporaryPin: retailer.pin }, from);
        expect(old.body.message).toBe('Incorrect PIN. 3 tries left.');
        expect(await pinCounters(retailer.id)).toEqual({ failures: 2, locked: null });
        expect(await flags(retailer.mobile)).toEqual({
          password_temporary: false,
          pin_temporary: true,
        });
        const right = await setPin(token, { temporaryPin }, from);
        expect(right.status).toBe(200);
        expect(await flags(retailer.mobile)).toEqual({
          password_temporary: false,
          pin_temporary: false,
        });
        expect(await pinCounters(retailer.id)).toEqual({ failures: 0, locked: null });
        const withNewPin = await post(
          'user/logoutAllSessions',
          {},
          { ...bearer(right.body.token), pin: '8642' },
        );
        expect(withNewPin.status).toBe(200);
      });

      it('locks after 5 wrong temporary PINs under a burst of 10 parallel tries, and then refuses the right one', async () => {
        const { retailer, temporaryPin, wrongPin, token } = await withResetPin();
        const from = newAddress();
        const answers = await burst(10, () => setPin(token, { temporaryPin: wrongPin }, from));
        expect(statuses(answers)).toEqual({ 422: 4, 429: 6 });
        expect(await pinCounters(retailer.id)).toEqual({ failures: 0, locked: true });
        const locked = await setPin(token, { temporaryPin }, from);
        expect({ status: locked.status, message: locked.body.message }).toEqual({
          status: 429,
          message: 'Too many wrong PINs. Money movement is locked for 30 minutes.',
        });
        expect(await flags(retailer.mobile)).toEqual({
          password_temporary: false,
          pin_temporary: true,
        });
        expect(
          await query(
            api,
            "SELECT 1 FROM audit_log WHERE action = 'pin.locked' AND subject_id = $1",
            [retailer.id],
          ),
        ).toHaveLength(1);
      });

      it('asks no temporary PIN of a new user, whose PIN nobody was told', async () => {
        const mobile = newMobile();
        expect((await onboard(adminToken, { mobile, role: role('user') })).status).toBe(201);
        const first = await login(mobile, temporaryPasswordOf(mobile)!);
        expect(first.body).toMatchObject({ temporary: ['password', 'pin'] });
        const set = await post(
          'auth/setCredentials',
          { newPassword: 'Own@password1', newPin: '5791' },
          bearer(first.body.token),
        );
        expect(set.status).toBe(200);
      });
    });

    it('changes nothing after a wrong PIN', async () => {
      const retailer = await given(api).user({ role: 'user', parent: admin });
      const token = await signIn(api, retailer);
      const answer = await reset(adminToken, '9999', {
        userId: retailer.id,
        what: 'password',
        reason,
      });
      expect(answer.status).toBe(422);
      expect(await flags(retailer.mobile)).toEqual({
        password_temporary: false,
        pin_temporary: false,
      });
      expect(sms(retailer.mobile)).toBeUndefined();
      expect((await post('user/userData', {}, bearer(token))).status).toBe(200);
      expect(
        await query(
          api,
          "SELECT 1 FROM audit_log WHERE action = 'credentials.reset' AND subject_id = $1",
          [retailer.id],
        ),
      ).toEqual([]);
    });

    it('answers a distributor about a user outside its network exactly as about no user, and resets its own retailer', async () => {
      const distributor = await given(api).user({ role: 'distributor', parent: admin });
      const own = await given(api).user({ role: 'user', parent: distributor });
      const outsider = await given(api).user({ role: 'user', parent: admin });
      const token = await signIn(api, distributor);
      const [outside, nobody] = await Promise.all([
        reset(token, distributor.pin, { userId: outsider.id, what: 'password', reason }),
        reset(token, distributor.pin, { userId: randomUUID(), what: 'password', reason }),
      ]);
      expect({ status: outside.status, body: outside.body }).toEqual({
        status: 404,
        body: { success: false, message: 'User not found' },
      });
      expect({ status: nobody.status, body: nobody.body }).toEqual({
        status: outside.status,
        body: outside.body,
      });
      expect(await flags(outsider.mobile)).toEqual({
        password_temporary: false,
        pin_temporary: false,
      });
      const mine = await reset(token, distributor.pin, { userId: own.id, what: 'pin', reason });
      expect(mine.status).toBe(200);
      expect(await flags(own.mobile)).toEqual({ password_temporary: false, pin_temporary: true });
    });

    it.each([
      [{ what: 'everything' }, 'Choose what to reset: password or pin.'],
      [{ reason: 'forgot' }, 'Please give the reason, in at least 10 characters.'],
      [{ userId: 'not-an-id' }, 'User not found'],
    ])('refuses %j with 400 %j', async (overrides, message) => {
      const retailer = await given(api).user({ role: 'user', parent: admin });
      const answer = await reset(adminToken, admin.pin, {
        userId: retailer.id,
        what: 'password',
        reason,
        ...overrides,
      });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    });

    it('refuses to reset the actor’s own credentials', async () => {
      const answer = await reset(adminToken, admin.pin, { userId: admin.id, what: 'pin', reason });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 422,
        message: 'To change your own password or PIN, use the Control Panel.',
      });
    });
  });
});

describe('changing one’s mobile number', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers });
  const otpTo = (mobile: string) =>
    /^(\d{6}) is your Khata OTP to make this number/.exec(
      api.app.get(SandboxSmsSender).lastTo(mobile)?.text ?? '',
    )?.[1];

  it('moves the account to a number proven by its OTP, after the PIN, and ends every session', async () => {
    const user = await given(api).user({ role: 'user' });
    const token = await signIn(api, user);
    const other = await signIn(api, user);
    const newNumber = newMobile();
    const sent = await post('user/changeMobileOtp', { newMobile: newNumber }, bearer(token));
    expect(sent.body).toEqual({
      success: true,
      message: 'An OTP has been sent to the new mobile number.',
    });
    const otp = otpTo(newNumber)!;
    const wrongPin = await post(
      'user/changeMobile',
      { newMobile: newNumber, otp },
      { ...bearer(token), pin: '9999' },
    );
    expect(wrongPin.status).toBe(422);
    const changed = await post(
      'user/changeMobile',
      { newMobile: newNumber, otp },
      { ...bearer(token), pin: user.pin },
    );
    expect(changed.body).toEqual({
      success: true,
      message: 'Your mobile number is changed. Please login again with the new number.',
    });
    for (const old of [token, other]) {
      expect((await post('user/userData', {}, bearer(old))).body.code).toBe(2211);
    }
    expect(
      (await post('auth/login', { mobile: user.mobile, password: user.password })).status,
    ).toBe(401);
    expect((await post('auth/login', { mobile: newNumber, password: user.password })).status).toBe(
      200,
    );
    const audit = await query<Json>(
      api,
      "SELECT details FROM audit_log WHERE action = 'user.change-mobile' AND subject_id = $1",
      [user.id],
    );
    expect(audit).toEqual([{ details: { from: user.mobile, to: newNumber } }]);
  });

  it('refuses a wrong OTP, a taken number and one’s own number, and changes nothing', async () => {
    const user = await given(api).user({ role: 'user' });
    const taken = await given(api).user({ role: 'user' });
    const token = await signIn(api, user);
    const newNumber = newMobile();
    await post('user/changeMobileOtp', { newMobile: newNumber }, bearer(token));
    const otp = otpTo(newNumber)!;
    const wrong = await post(
      'user/changeMobile',
      { newMobile: newNumber, otp: otp === '000000' ? '111111' : '000000' },
      { ...bearer(token), pin: user.pin },
    );
    expect({ status: wrong.status, message: wrong.body.message }).toEqual({
      status: 422,
      message: 'Incorrect OTP. Please check the SMS and try again.',
    });
    const occupied = await post('user/changeMobileOtp', { newMobile: taken.mobile }, bearer(token));
    expect({ status: occupied.status, message: occupied.body.message }).toEqual({
      status: 409,
      message: 'A user with this mobile number already exists.',
    });
    const own = await post('user/changeMobileOtp', { newMobile: user.mobile }, bearer(token));
    expect({ status: own.status, message: own.body.message }).toEqual({
      status: 400,
      message: 'This is already your mobile number.',
    });
    const [row] = await query<Json>(api, 'SELECT mobile FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ mobile: user.mobile });
  });

  it('sends 3 of 10 parallel OTP requests of one user', async () => {
    const user = await given(api).user({ role: 'user' });
    const token = await signIn(api, user);
    const answers = await burst(10, () =>
      post('user/changeMobileOtp', { newMobile: newMobile() }, bearer(token)),
    );
    expect(statuses(answers)).toEqual({ 200: 3, 429: 7 });
  });
});

describe('the signup OTP', () => {
  let api: TestApi;
  let lastAddress = 0;
  const newAddress = () => `198.19.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const post = (path: string, body: unknown, address = newAddress()) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers: { 'x-forwarded-for': address } });
  const otpOf = (mobile: string) =>
    /^(\d{6}) is your Khata OTP/.exec(
      api.app.get(SandboxSmsSender).lastTo(mobile)?.text ?? '',
    )?.[1];
  const signup = (mobile: string, otp: string) =>
    post('auth/signup', {
      name: 'Asha Devi',
      mobile,
      password: 'Kirana@2024-shop',
      pin: '4321',
      otp,
    });
  const sentTo = async (mobile: string) =>
    (
      await query<{ n: number }>(
        api,
        'SELECT count(*)::int AS n FROM sandbox_sms_outbox WHERE to_mobile = $1',
        [mobile],
      )
    )[0]!.n;

  it('burns the OTP after 3 wrong tries, even under a burst of 20 parallel guesses', async () => {
    const mobile = newMobile();
    expect((await post('auth/signupOtp', { mobile })).status).toBe(200);
    const otp = otpOf(mobile)!;
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await burst(20, () => signup(mobile, wrong));
    expect(statuses(answers)).toEqual({ 422: 20 });
    const [row] = await query<Json>(api, 'SELECT attempts FROM signup_otps WHERE mobile = $1', [
      mobile,
    ]);
    expect(row).toEqual({ attempts: 3 });
    const late = await signup(mobile, otp);
    expect({ status: late.status, message: late.body.message }).toEqual({
      status: 422,
      message: 'The OTP has expired or was used. Please request a new one.',
    });
    expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [mobile])).toEqual([]);
  });

  it('refuses an expired OTP and a used one', async () => {
    const mobile = newMobile();
    await post('auth/signupOtp', { mobile });
    const otp = otpOf(mobile)!;
    await query(
      api,
      "UPDATE signup_otps SET expires_at = now() - interval '1 second' WHERE mobile = $1",
      [mobile],
    );
    expect((await signup(mobile, otp)).status).toBe(422);
    await post('auth/signupOtp', { mobile });
    const fresh = otpOf(mobile)!;
    expect((await signup(mobile, fresh)).status).toBe(201);
    expect((await signup(mobile, fresh)).status).toBe(422);
  });

  it('sends 3 of 20 parallel OTP requests for one number', async () => {
    const mobile = newMobile();
    const answers = await burst(20, () => post('auth/signupOtp', { mobile }));
    expect(statuses(answers)).toEqual({ 200: 3, 429: 17 });
    expect(await sentTo(mobile)).toBe(3);
    expect(answers.find((a) => a.status === 429)!.body.message).toBe(
      'Too many OTPs requested. Please try again in 60 minutes.',
    );
  });

  it('sends 10 of 30 parallel OTP requests from one address', async () => {
    const address = newAddress();
    const mobiles = Array.from({ length: 30 }, () => newMobile());
    const answers = await burst(30, (i) => post('auth/signupOtp', { mobile: mobiles[i] }, address));
    expect(statuses(answers)).toEqual({ 200: 10, 429: 20 });
    const sent = await Promise.all(mobiles.map(sentTo));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(10);
    await api.app.get(RateLimiter).clear(SignupOtpLimit.address, address);
  });
});
