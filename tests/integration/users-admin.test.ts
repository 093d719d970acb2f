import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  UsersAdminMessages,
  type ListUsersAnswer,
  type UserDetails,
  type UserListRow,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { disconnected, heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// All Users, User details and activate/deactivate (issue 12), over real HTTP, with two API
// processes sharing Postgres and Redis like a deployment: every scoping rule, bad input, the
// deactivation reaching the other process within a second, and a burst of status changes.

const tag = () => randomUUID().slice(0, 8);

describe('All Users, User details, activate and deactivate', () => {
  let api: TestApi;
  let second: TestApi;
  const clients = socketClients();

  // admin ─┬─ sd (super distributor) ── dist ── retailer (shop "Zebra Kirana <tag>")
  //        └─ other (distributor) ── outsider
  let admin: GivenUser;
  let sd: GivenUser;
  let dist: GivenUser;
  let retailer: GivenUser;
  let other: GivenUser;
  let outsider: GivenUser;
  let shop: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    api = await startTestApi();
    second = await startTestApi({}, { sharing: api });
    const make = given(api);
    admin = await make.user({ role: 'admin' });
    sd = await make.user({ role: 'sdistributor', parent: admin });
    dist = await make.user({ role: 'distributor', parent: sd });
    shop = `Zebra Kirana ${tag()}`;
    retailer = await make.user({ role: 'user', parent: dist, name: 'Asha Retailer' });
    await query(api, 'UPDATE users SET shop_name = $2 WHERE id = $1', [retailer.id, shop]);
    other = await make.user({ role: 'distributor', parent: admin });
    outsider = await make.user({ role: 'user', parent: other });
    for (const user of [admin, sd, dist, other]) tokens.set(user.id, await signIn(api, user));
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  const as = (user: GivenUser) => bearer(tokens.get(user.id)!);
  const list = (user: GivenUser, body: Record<string, unknown> = {}) =>
    call<ListUsersAnswer & { message?: string }>(`${api.url}/api/admin/users`, {
      headers: as(user),
      body,
    });
  const details = (user: GivenUser, userId: unknown, on = api) =>
    call<{ success: boolean; data: UserDetails; message?: string }>(
      `${on.url}/api/admin/userDetails`,
      { headers: as(user), body: { userId } },
    );
  const setStatus = (
    user: GivenUser,
    body: Record<string, unknown>,
    pin: string | null = user.pin,
    on = api,
  ) =>
    call<{ success: boolean; message: string; data?: { status: string; sessionsEnded: number } }>(
      `${on.url}/api/admin/userStatus`,
      { headers: { ...as(user), ...(pin === null ? {} : { pin }) }, body },
    );
  const statusOf = async (user: GivenUser) =>
    (await query<{ status: string }>(api, 'SELECT status FROM users WHERE id = $1', [user.id]))[0]!
      .status;
  const auditOf = (user: GivenUser) =>
    query<{ action: string; outcome: string; details: Record<string, unknown> }>(
      api,
      `SELECT action, outcome, details FROM audit_log
        WHERE subject_id = $1 AND action IN ('user.activate', 'user.deactivate') ORDER BY id`,
      [user.id],
    );
  const ids = (rows: UserListRow[]) => rows.map((row) => row.id).sort();

  describe('staff employees', () => {
    it('see everyone an admin sees but act on no one: no status change, no reset, no onboarding', async () => {
      const staff = await given(api).user({
        role: 'khataEmployee1',
        services: ['wallet', 'staff'],
      });
      const plain = await given(api).user({ role: 'khataEmployee1' });
      tokens.set(staff.id, await signIn(api, staff));
      tokens.set(plain.id, await signIn(api, plain));

      const seen = await list(staff, { search: retailer.mobile });
      expect(seen.status).toBe(200);
      expect(seen.body.data.map((row) => row.id)).toEqual([retailer.id]);
      expect((await details(staff, other.id)).status).toBe(200);
      // Without the staff service an employee has no All Users at all.
      expect((await list(plain, {})).status).toBe(403);

      const refused = await setStatus(staff, {
        userId: retailer.id,
        status: 'blocked',
        reason: 'staff may only look',
      });
      expect(refused.status).toBe(403);
      expect(await statusOf(retailer)).toBe('active');
      const reset = await call(`${api.url}/api/admin/resetCredentials`, {
        headers: { ...as(staff), pin: staff.pin },
        body: { userId: retailer.id, what: 'password', reason: 'staff may only look' },
      });
      expect(reset.status).toBe(403);
      const onboard = await call(`${api.url}/api/admin/register-user`, {
        headers: as(staff),
        body: { name: 'Nobody', mobile: '7999999999', role: 'user', shopName: 'None' },
      });
      expect(onboard.status).toBe(403);
    });
  });

  describe('the list', () => {
    it('finds a user by shop name, case-insensitive and trimmed, with its parent and wallet', async () => {
      await fund(api, retailer, 1_234_56);
      const answer = await list(admin, { search: `  ${shop.toUpperCase()}  ` });
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(1);
      expect(answer.body.data[0]).toEqual({
        id: retailer.id,
        name: 'Asha Retailer',
        mobile: retailer.mobile,
        role: 'user',
        kind: 'user',
        shopName: shop,
        status: 'active',
        kycState: 'approved',
        // Approved by the factory with no submission behind it and no PAN (issue 23).
        kycChecked: false,
        panOnFile: false,
        parent: { id: dist.id, name: dist.name, mobile: dist.mobile },
        createdAt: expect.any(String),
        walletBalance: 1234.56,
      });
    });

    it('finds by mobile and by name too', async () => {
      const byMobile = await list(admin, { search: retailer.mobile.slice(2) });
      expect(ids(byMobile.body.data)).toContain(retailer.id);
      const byName = await list(dist, { search: 'asha retail' });
      expect(ids(byName.body.data)).toEqual([retailer.id]);
    });

    it('treats % and _ in a search as letters', async () => {
      const answer = await list(dist, { search: '%' });
      expect(answer.body.total).toBe(0);
    });

    it('shows a distributor only itself and its downline; a super distributor the tiers below', async () => {
      const mine = await list(dist, { pageSize: 100 });
      expect(ids(mine.body.data)).toEqual([dist.id, retailer.id].sort());
      expect(mine.body.total).toBe(2);
      const superView = await list(sd, { pageSize: 100 });
      expect(ids(superView.body.data)).toEqual([sd.id, dist.id, retailer.id].sort());
      const others = await list(other, { pageSize: 100 });
      expect(ids(others.body.data)).toEqual([other.id, outsider.id].sort());
      // Searching for someone outside finds nothing, exactly as for no one at all.
      expect((await list(dist, { search: outsider.mobile })).body).toEqual(
        (await list(dist, { search: '0000000000' })).body,
      );
    });

    it('filters by role and status, pages and sorts on the server', async () => {
      const users = await list(sd, { role: 'user' });
      expect(ids(users.body.data)).toEqual([retailer.id]);
      const blocked = await list(sd, { status: 'blocked' });
      expect(blocked.body.total).toBe(0);
      const byName = await list(sd, { sort: 'name', order: 'asc', pageSize: 100 });
      const names = byName.body.data.map((row) => row.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const page1 = await list(sd, { sort: 'createdAt', order: 'asc', pageSize: 2, page: 1 });
      const page2 = await list(sd, { sort: 'createdAt', order: 'asc', pageSize: 2, page: 2 });
      expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(page1.body.data.map((row) => row.id)).toEqual([sd.id, dist.id]);
      expect(page2.body.data.map((row) => row.id)).toEqual([retailer.id]);
      const past = await list(sd, { pageSize: 2, page: 9 });
      expect(past.body).toMatchObject({ data: [], total: 3 });
      const byBalance = await list(sd, { sort: 'balance', order: 'desc' });
      expect(byBalance.body.data[0]!.id).toBe(retailer.id);
    });

    it('filters by KYC state and refuses bad input with a 400', async () => {
      // A network of its own, so the other tests' counts stay as they are.
      const owner = await given(api).user({ role: 'distributor', parent: admin });
      const fresh = await given(api).user({ role: 'user', parent: owner, kyc: 'none' });
      const settled = await given(api).user({ role: 'user', parent: owner });
      tokens.set(owner.id, await signIn(api, owner));
      const ids = async (kycState: string) =>
        (await list(owner, { kycState })).body.data.map((row) => row.id).sort();
      expect(await ids('none')).toEqual([fresh.id]);
      expect(await ids('approved')).toEqual([owner.id, settled.id].sort());
      const rows = (await list(owner, {})).body.data;
      expect(rows.find((row) => row.id === fresh.id)?.kycState).toBe('none');
      expect(rows.find((row) => row.id === settled.id)?.kycState).toBe('approved');
      const cases: [Record<string, unknown>, string][] = [
        [{ pageSize: 1000 }, UsersAdminMessages.pageSizeInvalid],
        [{ pageSize: 0 }, UsersAdminMessages.pageSizeInvalid],
        [{ page: -1 }, UsersAdminMessages.pageInvalid],
        [{ sort: 'password_hash' }, 'Sort must be one of: name, createdAt, role, balance.'],
        [
          { sort: 'name; DROP TABLE users' },
          'Sort must be one of: name, createdAt, role, balance.',
        ],
        [{ order: 'sideways' }, 'Order must be asc or desc.'],
        [{ role: 'root' }, 'Please choose a valid role.'],
        [{ status: 'deleted' }, 'Status must be active or blocked.'],
        [{ search: 'x'.repeat(101) }, 'Search must be at most 100 characters.'],
        [{ kycState: { $ne: 1 } }, 'Please choose a valid KYC state.'],
        [{ kycState: 'verified' }, 'Please choose a valid KYC state.'],
      ];
      for (const [body, message] of cases) {
        const answer = await list(admin, body);
        expect({ body, status: answer.status, message: answer.body.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
    });
  });

  describe('the CSV', () => {
    const csv = (user: GivenUser, body: Record<string, unknown>) =>
      call<{ csv?: string; message?: string }>(`${api.url}/api/admin/users/csv`, {
        headers: as(user),
        body,
      });

    it('is the filtered list, every page, as a CSV file with formula injection defused', async () => {
      await given(api).user({
        role: 'user',
        parent: dist,
        name: '=HYPERLINK("http://evil","x")',
      });
      const answer = await csv(dist, { sort: 'createdAt', order: 'asc', pageSize: 1 });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
      const lines = answer.body
        .csv!.replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Name,Mobile,Role,Shop,Status,KYC,Parent name,Parent mobile,Created at (IST),Wallet balance (INR)',
      );
      expect(lines).toHaveLength(4); // header, dist, retailer, sneaky: all pages, not one
      // The words the screen shows (issue 23), the time on India's clock.
      expect(lines[2]).toContain(`Asha Retailer,${retailer.mobile},Basic user,${shop},Active,`);
      expect(lines[2]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
      expect(lines[3]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil"",""x""\)",/);
      expect(answer.body.csv).not.toContain(outsider.mobile);
    });

    it('refuses a list longer than 10,000 rows with a clear message', async () => {
      const prefix = `Bulk ${tag()}`;
      await query(
        api,
        `INSERT INTO users (mobile, name, role, parent_id, shop_name, password_hash, pin_hash)
         SELECT '5' || lpad(n::text, 9, '0'), $1 || ' ' || n, 'user', $2, $1, 'x', 'x'
           FROM generate_series(1, 10001) n`,
        [prefix, other.id],
      );
      const answer = await csv(admin, { search: prefix });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        'The list has 10,001 users, more than the 10,000 one download can carry. Please narrow the search or filters.',
      );
      // The list itself still pages through them.
      const page = await list(admin, { search: prefix, pageSize: 100, page: 3 });
      expect(page.body).toMatchObject({ total: 10_001, page: 3, pageSize: 100 });
      expect(page.body.data).toHaveLength(100);
    });
  });

  describe('User details', () => {
    it('shows profile, shop, upline, downline, balances, services, logins and the latest ledger lines', async () => {
      await signIn(api, retailer);
      const answer = await details(admin, retailer.id);
      expect(answer.status).toBe(200);
      const data = answer.body.data;
      expect(data.profile).toMatchObject({
        id: retailer.id,
        name: 'Asha Retailer',
        mobile: retailer.mobile,
        role: 'user',
        kind: 'user',
        status: 'active',
        statusReason: null,
      });
      expect(data.shop).toEqual({ name: shop });
      expect(data.upline.map((member) => member.id)).toEqual([dist.id, sd.id, admin.id]);
      expect(data.upline[0]).toEqual({
        id: dist.id,
        name: dist.name,
        mobile: dist.mobile,
        role: 'distributor',
        kind: 'distributor',
      });
      expect(data.downlineCount).toBe(0);
      expect(data.balances).toEqual({
        wallet: 1234.56,
        lien: 0,
        security: 0,
        overdraftLimit: 0,
        available: 1234.56,
      });
      expect(data.services).toEqual(['wallet', 'payout', 'aepsAccount']);
      expect(data.kyc).toEqual({ state: 'approved', checked: false, panOnFile: false });
      expect(data.logins.length).toBeGreaterThanOrEqual(1);
      expect(data.logins[0]).toMatchObject({ ip: expect.any(String), current: false });
      expect(data.ledger[0]).toMatchObject({ credit: 1234.56, balanceAfter: 1234.56 });
    });

    it('gives the newest ledger lines first, at most ten', async () => {
      for (let i = 1; i <= 11; i++) await fund(api, outsider, i * 100);
      const lines = (await details(admin, outsider.id)).body.data.ledger;
      expect(lines).toHaveLength(10);
      expect(lines.map((line) => line.credit)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    });

    it('counts the whole downline, and shows a distributor the upline only as far as itself', async () => {
      expect((await details(admin, sd.id)).body.data.downlineCount).toBeGreaterThanOrEqual(2);
      const seenByDist = await details(dist, retailer.id);
      expect(seenByDist.body.data.upline.map((member) => member.id)).toEqual([dist.id]);
      const seenBySd = await details(sd, retailer.id);
      expect(seenBySd.body.data.upline.map((member) => member.id)).toEqual([dist.id, sd.id]);
    });

    it('answers a user outside the network exactly like one that does not exist', async () => {
      const outside = await details(dist, outsider.id);
      const missing = await details(dist, randomUUID());
      expect(outside.status).toBe(404);
      expect(outside.body).toEqual({ success: false, message: 'User not found' });
      expect(missing.body).toEqual(outside.body);
      // Up the tree is outside too.
      expect((await details(dist, sd.id)).body).toEqual(outside.body);
    });

    it('refuses a bad id with a 400', async () => {
      for (const userId of ['nope', 42, null, `${retailer.id}x`]) {
        const answer = await details(admin, userId);
        expect({ userId, status: answer.status, message: answer.body.message }).toEqual({
          userId,
          status: 400,
          message: 'Please choose a valid user.',
        });
      }
    });
  });

  describe('activate and deactivate', () => {
    it('refuses without a reason, with a wrong PIN, or with no PIN, and changes nothing', async () => {
      const target = await given(api).user({ role: 'user', parent: dist });
      for (const reason of [undefined, '', '  x ', 'y'.repeat(201)]) {
        const answer = await setStatus(dist, { userId: target.id, status: 'blocked', reason });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('Please give a reason of 3 to 200 characters.');
      }
      const badStatus = await setStatus(dist, { userId: target.id, status: 'gone', reason: 'abc' });
      expect(badStatus.status).toBe(400);
      const wrongPin = await setStatus(
        dist,
        { userId: target.id, status: 'blocked', reason: 'Fraud suspected' },
        '9999',
      );
      expect(wrongPin.status).toBe(422);
      const noPin = await setStatus(
        dist,
        { userId: target.id, status: 'blocked', reason: 'Fraud suspected' },
        null,
      );
      expect(noPin.status).toBe(400);
      expect(await statusOf(target)).toBe('active');
      expect((await auditOf(target)).map((line) => line.outcome)).toEqual(['failure', 'failure']);
      // And the target can still sign in.
      await signIn(api, target);
    });

    it('answers outside the network like a missing user, before the PIN is looked at', async () => {
      const outside = await setStatus(
        dist,
        { userId: outsider.id, status: 'blocked', reason: 'Not mine' },
        '0000',
      );
      const missing = await setStatus(
        dist,
        { userId: randomUUID(), status: 'blocked', reason: 'Not mine' },
        '0000',
      );
      expect(outside.status).toBe(404);
      expect(outside.body).toEqual({ success: false, message: 'User not found' });
      expect(missing.body).toEqual(outside.body);
      expect(await statusOf(outsider)).toBe('active');
      // Its distributor above it is outside too.
      expect(
        (await setStatus(dist, { userId: sd.id, status: 'blocked', reason: 'Upline' })).body,
      ).toEqual(outside.body);
    });

    it('lets only the blocker, or someone above them, lift a block (issue 31)', async () => {
      const byAdmin = await given(api).user({ role: 'user', parent: dist });
      const blocked = { userId: byAdmin.id, reason: 'Chargebacks under review' };
      expect((await setStatus(admin, { ...blocked, status: 'blocked' })).status).toBe(200);
      for (const below of [dist, sd]) {
        const lifted = await setStatus(below, { ...blocked, status: 'active' });
        expect({ status: lifted.status, body: lifted.body }).toEqual({
          status: 403,
          body: {
            success: false,
            message:
              'This account was deactivated by someone above you: only they, or someone above them, can activate it.',
          },
        });
      }
      expect(await statusOf(byAdmin)).toBe('blocked');
      expect((await setStatus(admin, { ...blocked, status: 'active' })).status).toBe(200);
      expect(await statusOf(byAdmin)).toBe('active');

      // A distributor's block: the distributor or its super distributor lifts it.
      const byDist = await given(api).user({ role: 'user', parent: dist });
      const own = { userId: byDist.id, reason: 'Shop closed for a month' };
      expect((await setStatus(dist, { ...own, status: 'blocked' })).status).toBe(200);
      expect((await setStatus(sd, { ...own, status: 'active' })).status).toBe(200);
      expect(await statusOf(byDist)).toBe('active');
    });

    it('refuses an actor acting on itself, and anyone but an admin acting on an admin', async () => {
      const self = await setStatus(dist, { userId: dist.id, status: 'blocked', reason: 'Myself' });
      expect(self.status).toBe(403);
      expect(self.body.message).toBe('You cannot change the status of your own account.');
      const otherAdmin = await given(api).user({ role: 'admin' });
      const byAdmin = await setStatus(admin, {
        userId: otherAdmin.id,
        status: 'blocked',
        reason: 'Left the company',
      });
      expect(byAdmin.status).toBe(200);
      expect(await statusOf(otherAdmin)).toBe('blocked');
    });

    it('deactivating on one process ends the user on the other within a second, and sign-in says why', async () => {
      const user = await given(api).user({ role: 'user', parent: dist });
      const token = await signIn(second, user);
      const socket = await clients.connect(second, { token });
      const userData = () =>
        call(`${second.url}/api/user/userData`, { headers: bearer(token), body: {} });
      expect((await userData()).status).toBe(200);

      const started = Date.now();
      const answer = await setStatus(dist, {
        userId: user.id,
        status: 'blocked',
        reason: 'KYC documents were forged',
      });
      expect(answer.body).toEqual({
        success: true,
        message: 'The user is deactivated and signed out everywhere.',
        data: { userId: user.id, status: 'blocked', sessionsEnded: 1 },
      });
      const refused = await userData();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        success: false,
        message: 'Your account has been deactivated. Please contact support.',
        code: 2211,
        reason: 'deactivated',
      });
      expect(await heard(socket, 'session.revoked')).toEqual({
        code: 2211,
        reason: 'deactivated',
      });
      expect(await disconnected(socket)).toBe('io server disconnect');

      const login = await call(`${second.url}/api/auth/login`, {
        body: { mobile: user.mobile, password: user.password },
      });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(
        'Your account has been deactivated: KYC documents were forged. Please contact support.',
      );

      const reactivated = await setStatus(admin, {
        userId: user.id,
        status: 'active',
        reason: 'Documents verified',
      });
      expect(reactivated.body).toMatchObject({
        success: true,
        message: 'The user is active again.',
        data: { status: 'active', sessionsEnded: 0 },
      });
      await signIn(second, user);
      const audit = await auditOf(user);
      expect(audit).toEqual([
        {
          action: 'user.deactivate',
          outcome: 'success',
          details: {
            from: 'active',
            to: 'blocked',
            reason: 'KYC documents were forged',
            changed: true,
          },
        },
        {
          action: 'user.activate',
          outcome: 'success',
          details: { from: 'blocked', to: 'active', reason: 'Documents verified', changed: true },
        },
      ]);
    });

    it("a deactivated user's session is refused on either process, with the reason", async () => {
      const user = await given(api).user({ role: 'user', parent: dist });
      const token = await signIn(api, user);
      await setStatus(admin, { userId: user.id, status: 'blocked', reason: 'Closed shop' });
      for (const on of [api, second]) {
        const answer = await call(`${on.url}/api/user/checkBalance`, {
          headers: bearer(token),
          body: {},
        });
        expect(answer.status).toBe(401);
        expect(answer.body.reason).toBe('deactivated');
      }
    });

    it('a burst of parallel deactivate and activate calls leaves one consistent state and an audit line each', async () => {
      const user = await given(api).user({ role: 'user', parent: dist });
      const calls = Array.from({ length: 12 }, (_, i) =>
        setStatus(admin, {
          userId: user.id,
          status: i % 2 === 0 ? 'blocked' : 'active',
          reason: `Burst call ${i}`,
        }),
      );
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
      const audit = await auditOf(user);
      expect(audit).toHaveLength(12);
      expect(audit.every((line) => line.outcome === 'success')).toBe(true);
      // Each line starts where the one before it ended: the row lock serialised them.
      let status = 'active';
      for (const line of audit) {
        expect(line.details.from).toBe(status);
        status = line.details.to as string;
      }
      const [row] = await query<{ status: string; reason: string }>(
        api,
        'SELECT status, status_reason AS reason FROM users WHERE id = $1',
        [user.id],
      );
      expect(row!.status).toBe(status);
      const lastChange = audit.filter((line) => line.details.changed).at(-1)!;
      expect(row!.reason).toBe(lastChange.details.reason);
      if (status === 'blocked') {
        const [{ live }] = await query<{ live: number }>(
          api,
          'SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
          [user.id],
        );
        expect(live).toBe(0);
      }
    });

    it('shows the deactivation in the list and on the details', async () => {
      const user = await given(api).user({ role: 'user', parent: other });
      await setStatus(other, { userId: user.id, status: 'blocked', reason: 'Closed for good' });
      const blocked = await list(other, { status: 'blocked' });
      expect(ids(blocked.body.data)).toEqual([user.id]);
      const profile = (await details(admin, user.id)).body.data.profile;
      expect(profile).toMatchObject({ status: 'blocked', statusReason: 'Closed for good' });
      expect(profile.statusChangedAt).toEqual(expect.any(String));
    });
  });
});
