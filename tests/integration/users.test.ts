import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROLE_KINDS, roleName, type RoleKind } from '@khata/domain';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RateLimiter } from '../../apps/api/src/common/rate-limiter.js';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { SignupOtpLimit } from '../../apps/api/src/onboarding/commands/send-signup-otp.handler.js';
import { SignUpLimit } from '../../apps/api/src/onboarding/commands/sign-up.handler.js';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

async function query<T = Record<string, unknown>>(
  api: TestApi,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi Kumar',
  mobile: newMobile(),
  password: 'Kirana@2024-shop',
  pin: '4321',
  shopName: 'Ravi Kirana Store',
  ...overrides,
});

/** A distributor's onboarding form: no password or PIN (those are the admin's direct path). */
const onboarded = (overrides: Record<string, unknown> = {}) =>
  newUser({ password: undefined, pin: undefined, ...overrides });

const accountKinds = async (api: TestApi, userId: string) =>
  (
    await query<{ kind: string }>(
      api,
      'SELECT kind FROM ledger_accounts WHERE owner_id = $1 ORDER BY kind',
      [userId],
    )
  ).map((row) => row.kind);

describe('registering a user', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const role = (kind: RoleKind) => roleName(kind, api.config.productKey);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const register = (token: string, body: Record<string, unknown>, headers = {}) =>
    call<{
      success: boolean;
      message?: string;
      user?: { id: string; mobile: string; role: string };
    }>(`${api.url}/api/admin/register-user`, { body, headers: { ...bearer(token), ...headers } });

  it.each([...ROLE_KINDS])(
    'lets an admin register the role kind %s, below the admin, with its accounts and default services',
    async (kind) => {
      // A new admin takes the creator's PIN and always gets temporary credentials (issue 31).
      const body =
        kind === 'admin'
          ? onboarded({ role: role(kind), email: 'Ravi@Example.in' })
          : newUser({ role: role(kind), email: 'Ravi@Example.in' });
      const answer = await register(adminToken, body, kind === 'admin' ? { pin: admin.pin } : {});
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        success: true,
        // The admin's answer says the temporary password went by SMS; none carries a secret.
        ...(kind === 'admin' && { message: expect.any(String) }),
        user: { id: expect.any(String), mobile: body.mobile, role: role(kind) },
      });
      const id = answer.body.user!.id;
      const [row] = await query(
        api,
        `SELECT name, email, role, parent_id, shop_name, status,
                ARRAY(SELECT service FROM user_service_overrides o WHERE o.user_id = users.id) AS overrides
           FROM users WHERE id = $1`,
        [id],
      );
      // No overrides: the user holds its role's defaults (libs/domain serviceDefaults).
      expect(row).toEqual({
        name: 'Ravi Kumar',
        email: 'ravi@example.in',
        role: role(kind),
        parent_id: admin.id,
        shop_name: 'Ravi Kirana Store',
        status: 'active',
        overrides: [],
      });
      // Every role holds a commission account ("profit area") since issue 13.
      expect(await accountKinds(api, id)).toEqual([
        'aeps',
        'commission',
        'lien',
        'security',
        'wallet',
      ]);
      const audit = await query(
        api,
        `SELECT actor_id, session_id IS NOT NULL AS with_session, details
           FROM audit_log WHERE action = 'user.register' AND subject_id = $1`,
        [id],
      );
      expect(audit).toEqual([
        {
          actor_id: admin.id,
          with_session: true,
          details: {
            role: role(kind),
            parentId: admin.id,
            credentials: kind === 'admin' ? 'temporary-by-sms' : 'set-by-admin',
          },
        },
      ]);
    },
  );

  it('makes a user who can sign in with the password given, and whose PIN is stored hashed', async () => {
    const body = newUser({ role: role('employee2'), pin: '98765' });
    const created = await register(adminToken, body);
    const token = await signIn(api, {
      ...(created.body.user as { id: string; mobile: string; role: string }),
      name: body.name,
      password: body.password,
      pin: body.pin,
    });
    const profile = await call<{ profile: Record<string, unknown> }>(
      `${api.url}/api/user/userData`,
      { body: {}, headers: bearer(token) },
    );
    expect(profile.body.profile).toMatchObject({
      phoneNumber: body.mobile,
      role: role('employee2'),
      accountDetails: { balance: 0, lienAmount: 0, securityAmount: 0 },
      // A new user's KYC is not sent yet: payout and AEPS wait for it (effectiveServices).
      services: ['wallet'],
    });
    const [stored] = await query<{ password_hash: string; pin_hash: string }>(
      api,
      'SELECT password_hash, pin_hash FROM users WHERE mobile = $1',
      [body.mobile],
    );
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(stored!.pin_hash).toMatch(/^hmac-sha256\$v1\$[0-9a-f]{64}$/);
  });

  it('lets an admin place the new user below an upline that may have that role', async () => {
    const distributor = await given(api).user({ role: 'distributor', services: [] });
    const answer = await register(
      adminToken,
      newUser({ role: role('user'), parentMobile: distributor.mobile }),
    );
    expect(answer.status).toBe(201);
    const [row] = await query(api, 'SELECT parent_id FROM users WHERE id = $1', [
      answer.body.user!.id,
    ]);
    expect(row).toEqual({ parent_id: distributor.id });

    const tooHigh = await register(
      adminToken,
      newUser({ role: 'sdistributor', parentMobile: distributor.mobile }),
    );
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body).toEqual({
      success: false,
      message: 'The upline cannot have a user with this role below it.',
    });
    const nobody = await register(
      adminToken,
      newUser({ role: role('user'), parentMobile: '6000000000' }),
    );
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ success: false, message: 'Upline not found.' });
  });

  it.each([
    ['sdistributor', ['coDistributor', 'distributor', 'employee1', 'employee2', 'user']],
    ['coDistributor', ['employee1', 'employee2', 'user']],
    ['distributor', ['employee1', 'employee2', 'user']],
  ] as const)('lets a %s register %j, always below itself', async (registrarKind, allowed) => {
    const registrar = await given(api).user({ role: registrarKind, services: [] });
    const token = await signIn(api, registrar);
    for (const kind of allowed) {
      const answer = await register(token, onboarded({ role: role(kind) }));
      expect({ kind, status: answer.status }).toEqual({ kind, status: 201 });
      const [row] = await query(api, 'SELECT parent_id FROM users WHERE id = $1', [
        answer.body.user!.id,
      ]);
      expect(row).toEqual({ parent_id: registrar.id });
    }
  });

  it.each([
    ['sdistributor', ['admin', 'sdistributor', 'partner']],
    ['coDistributor', ['admin', 'sdistributor', 'coDistributor', 'distributor', 'partner']],
    ['distributor', ['admin', 'sdistributor', 'coDistributor', 'distributor', 'partner']],
  ] as const)(
    'refuses a %s the roles at or above its own: %j, and audits the attempt',
    async (registrarKind, refused) => {
      const registrar = await given(api).user({ role: registrarKind, services: [] });
      const token = await signIn(api, registrar);
      for (const kind of refused) {
        const body = onboarded({ role: role(kind) });
        const answer = await register(token, body);
        expect({ kind, status: answer.status, body: answer.body }).toEqual({
          kind,
          status: 403,
          body: { success: false, message: 'You cannot create a user with this role.' },
        });
        expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [body.mobile])).toEqual(
          [],
        );
      }
      const audit = await query<{ outcome: string; details: { role: string } }>(
        api,
        "SELECT outcome, details FROM audit_log WHERE action = 'user.register' AND actor_id = $1 ORDER BY id",
        [registrar.id],
      );
      expect(audit.map((row) => [row.outcome, row.details.role])).toEqual(
        refused.map((kind) => ['failure', role(kind)]),
      );
    },
  );

  it('keeps a distributor from placing a user below anyone else', async () => {
    const distributor = await given(api).user({ role: 'distributor', services: [] });
    const other = await given(api).user({ role: 'distributor', services: [] });
    const answer = await register(
      await signIn(api, distributor),
      onboarded({ role: role('user'), parentMobile: other.mobile }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      success: false,
      message: 'You can only add users below yourself.',
    });
  });

  it.each(['employee1', 'employee2', 'user'] as const)(
    'keeps the call from the role kind %s (no All Users menu)',
    async (kind) => {
      const retailer = await given(api).user({ role: roleName(kind) });
      const answer = await register(await signIn(api, retailer), onboarded({ role: 'user' }));
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ success: false, message: 'You are not allowed to do this.' });
    },
  );

  it.each([
    [{ name: undefined }, 'Please input name!'],
    [{ name: '  ' }, 'Please input name!'],
    [{ name: 'R' }, 'Name must be 2 to 120 characters.'],
    [{ name: 'R'.repeat(121) }, 'Name must be 2 to 120 characters.'],
    [{ mobile: undefined }, 'Please input mobile number!'],
    [{ mobile: '98765' }, 'Mobile number must be 10 digits'],
    [{ password: undefined }, 'Give both the password and the PIN, or neither.'],
    [{ password: 'Kirana@2024' }, 'Password must have at least 12 characters.'],
    [{ pin: undefined }, 'Give both the password and the PIN, or neither.'],
    [{ pin: '12a4' }, 'PIN should contain only numbers'],
    [{ pin: '123' }, 'PIN must be 4 to 10 digits.'],
    [{ pin: '12345678901' }, 'PIN must be 4 to 10 digits.'],
    [{ role: undefined }, 'Please select a role!'],
    [
      { role: 'superuser' },
      'Role must be one of admin, sdistributor, coDistributor, distributor, khataEmployee1, khataEmployee2, user, partner.',
    ],
    [{ email: 'ravi@' }, 'Please enter a valid email address.'],
    [{ shopName: 'S'.repeat(121) }, 'Shop name must be at most 120 characters.'],
    [{ parentMobile: '123' }, 'Mobile number must be 10 digits'],
    [{ services: ['wallet'] }, 'Unknown field "services".'],
  ])('refuses %j with the message %j', async (overrides, message) => {
    const answer = await register(adminToken, newUser({ role: 'user', ...overrides }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
  });

  it('refuses a mobile number that already has a user with 409', async () => {
    const taken = await given(api).user();
    const answer = await register(adminToken, newUser({ role: 'user', mobile: taken.mobile }));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      success: false,
      message: 'A user with this mobile number already exists.',
    });
  });

  it('creates exactly one user when two requests race for one mobile number', async () => {
    const mobile = newMobile();
    const answers = await Promise.all([
      register(adminToken, newUser({ role: 'user', mobile, name: 'First Racer' })),
      register(adminToken, newUser({ role: 'user', mobile, name: 'Second Racer' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      'A user with this mobile number already exists.',
    );
    const rows = await query<{ id: string }>(api, 'SELECT id FROM users WHERE mobile = $1', [
      mobile,
    ]);
    expect(rows).toHaveLength(1);
    expect(await accountKinds(api, rows[0]!.id)).toHaveLength(5);
  });
});

describe('signing up (direct onboard)', () => {
  let api: TestApi;
  let firstAdmin: GivenUser;

  beforeAll(async () => {
    api = await startTestApi();
    firstAdmin = await given(api).user({ role: 'admin', services: [] });
    await given(api).user({ role: 'admin', services: [] });
  });
  afterAll(() => api.close());

  /** Step 1 of the signup form: the OTP the sandbox SMS carried, if one was sent. */
  const requestOtp = async (mobile: unknown) => {
    await api.app.get(RateLimiter).clear(SignupOtpLimit.address, '127.0.0.1');
    await api.app.get(RateLimiter).clear(SignupOtpLimit.mobile, String(mobile));
    const answer = await call(`${api.url}/api/auth/signupOtp`, { body: { mobile } });
    expect(answer.status).toBe(200);
    const sms = api.app.get(SandboxSmsSender).lastTo(String(mobile));
    return /^(\d{6}) is your Khata OTP/.exec(sms?.text ?? '')?.[1];
  };
  /** Step 2, with the OTP sent to the body's mobile unless the body brings one. */
  const signup = async (body: Record<string, unknown>) =>
    call(`${api.url}/api/auth/signup`, {
      body: { otp: (await requestOtp(body.mobile)) ?? '000000', ...body },
      headers: { 'user-agent': 'khata-test' },
    });
  const clearLimit = () => api.app.get(RateLimiter).clear(SignUpLimit, '127.0.0.1');

  it('opens an active user account below the first admin, with no services, that can sign in', async () => {
    const body = newUser({ email: 'ravi@example.in' });
    const answer = await signup(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      success: true,
      message: 'Account created. Please login to continue.',
    });
    const [row] = await query<Record<string, unknown> & { id: string }>(
      api,
      `SELECT id, name, email, role, parent_id, shop_name, status,
              ARRAY(SELECT service FROM user_service_overrides o WHERE o.user_id = users.id) AS overrides
         FROM users WHERE mobile = $1`,
      [body.mobile],
    );
    expect(row).toEqual({
      id: expect.any(String),
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      role: 'user',
      parent_id: firstAdmin.id,
      shop_name: 'Ravi Kirana Store',
      status: 'active',
      overrides: [],
    });
    expect(await accountKinds(api, row!.id)).toEqual([
      'aeps',
      'commission',
      'lien',
      'security',
      'wallet',
    ]);
    const audit = await query(
      api,
      "SELECT actor_id, subject_id, ip, details FROM audit_log WHERE action = 'user.signup'",
    );
    expect(audit).toEqual([
      {
        actor_id: row!.id,
        subject_id: row!.id,
        ip: '127.0.0.1',
        details: { role: 'user', parentId: firstAdmin.id },
      },
    ]);
    await signIn(api, { ...body, id: row!.id, role: 'user' } as GivenUser);
  });

  it.each([
    [{ pin: undefined }, 'Please input your PIN!'],
    [{ pin: '12' }, 'PIN must be 4 to 10 digits.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ password: 'abc' }, 'Password must have at least 12 characters.'],
    [{ role: 'admin' }, 'Unknown field "role".'],
  ])('refuses %j with the message %j', async (overrides, message) => {
    const answer = await signup(newUser(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
  });

  it('takes a sign-up without an email', async () => {
    const body = newUser({ email: undefined, shopName: undefined });
    expect((await signup(body)).status).toBe(201);
    const [row] = await query(api, 'SELECT email, shop_name FROM users WHERE mobile = $1', [
      body.mobile,
    ]);
    expect(row).toEqual({ email: null, shop_name: null });
  });

  it('sends no OTP to a number that already has an account (the answer does not tell), so its signup is refused', async () => {
    const body = newUser();
    expect((await signup(body)).status).toBe(201);
    expect(await requestOtp(body.mobile)).toBeUndefined();
    expect(api.app.get(SandboxSmsSender).lastTo(body.mobile)!.text).toMatch(/already has a Khata/);
    const again = await signup({ ...body, name: 'Someone Else' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      success: false,
      message: 'The OTP has expired or was used. Please request a new one.',
    });
  });

  it('pauses sign-ups from one address after 10 attempts in an hour', async () => {
    await clearLimit();
    try {
      const mobile = newMobile();
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await signup(newUser({ mobile }));
        expect(answer.status).toBe(attempt === 0 ? 201 : 422);
      }
      const paused = await signup(newUser());
      expect(paused.status).toBe(429);
      expect(paused.body).toEqual({
        success: false,
        message: 'Too many sign-ups from this network. Please try again in 60 minutes.',
      });
    } finally {
      await clearLimit();
    }
  });
});

describe('looking up a wallet holder (fetchUserInfo)', () => {
  let api: TestApi;
  let caller: GivenUser;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi();
    caller = await given(api).user({ role: 'khataEmployee1', services: ['wallet'] });
    token = await signIn(api, caller);
  });
  afterAll(() => api.close());

  const lookUp = (mobile: unknown, as = token) =>
    call(`${api.url}/api/user/fetchUserInfo`, { body: { mobile }, headers: bearer(as) });

  it("answers the holder's name and nothing else", async () => {
    const holder = await given(api).user({ name: 'Sunita Devi' });
    const answer = await lookUp(holder.mobile);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { name: 'Sunita Devi' } });
  });

  it('answers 404 "User not found" for an unknown number, a blocked account and a partner', async () => {
    const blocked = await given(api).user({ status: 'blocked' });
    const partner = await given(api).user({ role: 'partner', services: [] });
    for (const mobile of ['6000000001', blocked.mobile, partner.mobile]) {
      const answer = await lookUp(mobile);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: 'User not found' });
    }
  });

  it('checks the number with the spec messages', async () => {
    expect((await lookUp('98765')).body).toEqual({
      success: false,
      message: 'Mobile number must be 10 digits',
    });
    expect((await lookUp('')).body).toEqual({
      success: false,
      message: 'Please input mobile number!',
    });
  });

  it.each([
    ['an employee without the wallet service', { role: 'khataEmployee2', services: ['payout'] }],
    ['a distributor', { role: 'distributor', services: ['wallet'] }],
    ['an admin', { role: 'admin', services: ['wallet'] }],
  ])('keeps the call from %s', async (_who, spec) => {
    const holder = await given(api).user();
    const answer = await lookUp(holder.mobile, await signIn(api, await given(api).user(spec)));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ success: false, message: 'You are not allowed to do this.' });
  });

  it('pauses a caller after 30 look-ups in a minute, and only that caller', async () => {
    const harvester = await given(api).user({ role: 'khataEmployee1', services: ['wallet'] });
    const harvesterToken = await signIn(api, harvester);
    for (let attempt = 0; attempt < 30; attempt++) {
      expect(
        (await lookUp(`60000${String(attempt).padStart(5, '0')}`, harvesterToken)).status,
      ).toBe(404);
    }
    const paused = await lookUp(caller.mobile, harvesterToken);
    expect(paused.status).toBe(429);
    expect(paused.body.message).toMatch(/^Too many look-ups\. Please try again in \d+ seconds?\.$/);
    expect((await lookUp(harvester.mobile)).status).toBe(200);
  });
});

describe('profile pictures', () => {
  let api: TestApi;
  let uploads: string;
  let user: GivenUser;
  let token: string;

  // A real 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF rest')]);

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'khata-uploads-'));
    api = await startTestApi({ UPLOAD_DIR: uploads });
    user = await given(api).user();
    token = await signIn(api, user);
  });
  afterAll(() => api.close());

  async function upload(
    content: Buffer,
    { name = 'me.png', type = 'image/png', field = 'picture', as = token } = {},
  ) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(content)], { type }), name);
    const response = await fetch(`${api.url}/api/user/profilePicture`, {
      method: 'POST',
      body: form,
      headers: as ? bearer(as) : {},
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const files = () => readdirSync(uploads).sort();

  it('stores a PNG under a random name and serves it back byte for byte, with its type', async () => {
    const answer = await upload(png);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      userProfile: expect.stringMatching(/^\/userProfile\/[0-9a-f]{32}\.png$/),
    });
    const path = answer.body.userProfile as string;
    const file = path.split('/').pop()!;
    expect(files()).toEqual([file]);

    const served = await fetch(`${api.url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const [row] = await query(api, 'SELECT picture FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ picture: file });
    const profile = await call<{ profile: { userProfile: string } }>(
      `${api.url}/api/user/userData`,
      { body: {}, headers: bearer(token) },
    );
    expect(profile.body.profile.userProfile).toBe(path);
    const audit = await query(
      api,
      "SELECT actor_id, subject_id, details->>'picture' AS picture FROM audit_log WHERE action = 'user.picture'",
    );
    expect(audit).toEqual([{ actor_id: user.id, subject_id: user.id, picture: file }]);
  });

  it('replaces the picture and removes the old file, judging the type by the bytes', async () => {
    const [before] = files();
    // Named .png and sent as image/png, but the bytes are a JPEG: stored and served as one.
    const answer = await upload(jpeg);
    expect(answer.status).toBe(200);
    const path = answer.body.userProfile as string;
    expect(path).toMatch(/\.jpg$/);
    expect(files()).toEqual([path.split('/').pop()]);
    expect((await fetch(`${api.url}/userProfile/${before}`)).status).toBe(404);
    const served = await fetch(`${api.url}${path}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it.each([
    [
      'a text file named .png',
      Buffer.from('I am not a picture'),
      {},
      'The picture must be a PNG, JPEG or WebP image.',
    ],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      { name: 'x.svg', type: 'image/svg+xml' },
      'The picture must be a PNG, JPEG or WebP image.',
    ],
    [
      'a PNG of more than 1 MB',
      Buffer.concat([png, Buffer.alloc(1024 * 1024)]),
      {},
      'The picture must be at most 1 MB.',
    ],
    [
      'a picture in another form field',
      png,
      { field: 'avatar' },
      'Please send one picture, in the form field "picture".',
    ],
  ])('refuses %s with 400 and leaves no file behind', async (_what, content, options, message) => {
    const before = files();
    const answer = await upload(content, options);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
    expect(files()).toEqual(before);
  });

  it('takes a picture of exactly 1 MB', async () => {
    const answer = await upload(Buffer.concat([png, Buffer.alloc(1024 * 1024 - png.length)]));
    expect(answer.status).toBe(200);
  });

  it('asks for a picture when the request has none, and for a sign-in without a token', async () => {
    const empty = await call(`${api.url}/api/user/profilePicture`, {
      body: {},
      headers: bearer(token),
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ success: false, message: 'Please choose a picture to upload.' });
    const anonymous = await upload(png, { as: '' });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'whatever'],
    [
      'cut off in the middle',
      'multipart/form-data; boundary=cut',
      '--cut\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n\r\n\x89PNG',
    ],
    ['of a multipart type busboy does not read', 'multipart/mixed; boundary=x', '--x--'],
  ])('answers an upload %s with 400, never a 500', async (_what, type, rawBody) => {
    const before = files();
    const answer = await call(`${api.url}/api/user/profilePicture`, {
      rawBody,
      headers: { ...bearer(token), 'content-type': type },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      message: 'The upload could not be read. Please send the picture as multipart/form-data.',
    });
    expect(files()).toEqual(before);
  });

  it('answers 404 for any name it could not have made, without touching the file system', async () => {
    const [stored] = files();
    for (const path of [
      '/userProfile/..%2F..%2F..%2Fetc%2Fpasswd',
      '/userProfile/..%2Fpackage.json',
      '/userProfile/%2e%2e%2f%2e%2e%2fpackage.json',
      `/userProfile/${stored!.toUpperCase()}`,
      `/userProfile/${'0'.repeat(32)}.png`,
      `/userProfile/${stored}%00.png`,
      `/api/userProfile/${stored}`,
    ]) {
      const answer = await fetch(`${api.url}${path}`);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await fetch(`${api.url}/userProfile/${stored}`)).status).toBe(200);
  });
});
