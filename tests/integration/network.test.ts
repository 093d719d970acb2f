import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  MerchantsAnswer,
  NetworkAnswer,
  NetworkMember,
  NetworkSearchAnswer,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { eventually } from '../support/test-jobs.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Failure = { success: false; message: string };

/**
 * The network tree, its search and the merchant list (issue 12), over two networks: each
 * super distributor sees its distributor and that distributor's retailer, never the other
 * network, and a node outside its network is answered exactly like a user that does not exist.
 */
describe('the network tree, its search and the merchant list', () => {
  let api: TestApi;
  let admin: GivenUser;
  const net = {} as Record<'sd' | 'd' | 'r' | 'sd2' | 'd2' | 'r2', GivenUser>;
  const tokens = new Map<GivenUser, string>();

  beforeAll(async () => {
    api = await startTestApi();
    const make = given(api);
    admin = await make.user({ role: 'admin', services: [] });
    const tag = randomUUID().slice(0, 6);
    net.sd = await make.user({ role: 'sdistributor', name: `Super ${tag}` });
    net.d = await make.user({ role: 'distributor', parent: net.sd, name: `Dist ${tag}` });
    net.r = await make.user({ role: 'khataEmployee2', parent: net.d, name: `Ret ${tag} One` });
    net.sd2 = await make.user({ role: 'sdistributor', name: `Other super ${tag}` });
    net.d2 = await make.user({ role: 'distributor', parent: net.sd2, name: `Other dist ${tag}` });
    net.r2 = await make.user({ role: 'user', parent: net.d2, name: `Ret ${tag} Two` });
    for (const user of [admin, ...Object.values(net)]) tokens.set(user, await signIn(api, user));
  });
  afterAll(() => api.close());

  const ask = <T>(user: GivenUser, path: string, body: unknown) =>
    call<T>(`${api.url}/api/admin/${path}`, { body, headers: bearer(tokens.get(user)!) });
  const ids = (members: NetworkMember[]) => members.map((member) => member.id);

  it("opens a super distributor's tree on itself, and expands lazily down to the retailers", async () => {
    const top = await ask<NetworkAnswer>(net.sd, 'network', {});
    expect(top.status).toBe(200);
    expect(top.body.root).toMatchObject({ id: net.sd.id, role: 'sdistributor', childCount: 1 });
    expect(top.body.data).toEqual([
      expect.objectContaining({
        id: net.d.id,
        role: 'distributor',
        status: 'active',
        childCount: 1,
      }),
    ]);
    const below = await ask<NetworkAnswer>(net.sd, 'network', { rootId: net.d.id });
    expect(ids(below.body.data)).toEqual([net.r.id]);
    expect(below.body.data[0]).toMatchObject({ childCount: 0, balance: 0, monthVolume: 0 });
  });

  it('answers a node outside the network exactly like a user that does not exist', async () => {
    const outside = await ask<Failure>(net.sd, 'network', { rootId: net.d2.id });
    const missing = await ask<Failure>(net.sd, 'network', { rootId: randomUUID() });
    const upline = await ask<Failure>(net.d, 'network', { rootId: net.sd.id });
    for (const answer of [outside, missing, upline]) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { success: false, message: 'User not found' },
      });
    }
    const notAnId = await ask<Failure>(net.sd, 'network', { rootId: 'x' });
    expect(notAnId.status).toBe(400);
  });

  it('gives an admin the whole tree from the top, and any node below', async () => {
    const top = await ask<NetworkAnswer>(admin, 'network', {});
    expect(top.body.root).toBeNull();
    expect(ids(top.body.data)).toEqual(expect.arrayContaining([net.sd.id, net.sd2.id, admin.id]));
    expect(top.body.data.every((member) => member.childCount >= 0)).toBe(true);
    const other = await ask<NetworkAnswer>(admin, 'network', { rootId: net.d2.id });
    expect(ids(other.body.data)).toEqual([net.r2.id]);
  });

  it('gives a staff employee the whole tree like an admin, and an employee without staff nothing', async () => {
    const staff = await given(api).user({ role: 'khataEmployee1', services: ['staff'] });
    const plain = await given(api).user({ role: 'khataEmployee1' });
    tokens.set(staff, await signIn(api, staff));
    tokens.set(plain, await signIn(api, plain));
    const top = await ask<NetworkAnswer>(staff, 'network', {});
    expect(ids(top.body.data)).toEqual(expect.arrayContaining([net.sd.id, net.sd2.id]));
    const other = await ask<NetworkAnswer>(staff, 'network', { rootId: net.d2.id });
    expect(ids(other.body.data)).toEqual([net.r2.id]);
    expect((await ask<MerchantsAnswer>(staff, 'merchants', { q: net.r2.mobile })).status).toBe(200);
    expect((await ask(plain, 'network', {})).status).toBe(403);
    expect((await ask(plain, 'merchants', {})).status).toBe(403);
  });

  it("shows each member's wallet balance and what it moved out this month", async () => {
    const sender = await given(api).user({ role: 'khataEmployee2', parent: net.d2 });
    await fund(api, sender, 500_00);
    const sent = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: net.r2.mobile, amount: 120.5, name: net.r2.name },
      headers: {
        ...bearer(await signIn(api, sender)),
        pin: sender.pin,
        'idempotency-key': randomUUID(),
      },
    });
    expect(sent.status).toBe(200);
    const member = await eventually(async () => {
      const level = await ask<NetworkAnswer>(net.sd2, 'network', { rootId: net.d2.id });
      const found = level.body.data.find((entry) => entry.id === sender.id);
      return found && found.monthVolume > 0 ? found : undefined;
    });
    expect(member).toMatchObject({ balance: 379.5, monthVolume: 120.5 });
    const receiver = (await ask<NetworkAnswer>(admin, 'network', { rootId: net.d2.id })).body.data;
    expect(receiver.find((entry) => entry.id === net.r2.id)).toMatchObject({
      balance: 120.5,
      monthVolume: 0,
    });
  });

  it('finds members by name, mobile or shop with their path from the top of the tree', async () => {
    const byName = await ask<NetworkSearchAnswer>(net.sd, 'networkSearch', { q: net.r.name });
    expect(byName.body.data).toEqual([
      {
        member: expect.objectContaining({ id: net.r.id }),
        path: [
          { id: net.sd.id, name: net.sd.name },
          { id: net.d.id, name: net.d.name },
        ],
      },
    ]);
    // The distributor's path starts at itself: it never learns its upline.
    const fromBelow = await ask<NetworkSearchAnswer>(net.d, 'networkSearch', { q: net.r.mobile });
    expect(fromBelow.body.data.map((hit) => hit.path.map((step) => step.id))).toEqual([[net.d.id]]);
    // The shared part of both retailers' names finds only the one in the network.
    const shared = net.r.name.split(' ').slice(0, 2).join(' ');
    const scoped = await ask<NetworkSearchAnswer>(net.sd, 'networkSearch', { q: shared });
    expect(scoped.body.data.map((hit) => hit.member.id)).toEqual([net.r.id]);
    const everyone = await ask<NetworkSearchAnswer>(admin, 'networkSearch', { q: shared });
    expect(everyone.body.data.map((hit) => hit.member.id).sort()).toEqual(
      [net.r.id, net.r2.id].sort(),
    );
    expect(everyone.body.data.find((hit) => hit.member.id === net.r2.id)?.path).toEqual([
      { id: net.sd2.id, name: net.sd2.name },
      { id: net.d2.id, name: net.d2.name },
    ]);
    const shop = await ask<NetworkSearchAnswer>(net.sd, 'networkSearch', { q: `${shared} One St` });
    expect(shop.body.data.map((hit) => hit.member.id)).toEqual([net.r.id]);
    const wildcard = await ask<NetworkSearchAnswer>(net.sd, 'networkSearch', { q: '%%' });
    expect(wildcard.body.data).toEqual([]);
    const short = await ask<Failure>(net.sd, 'networkSearch', { q: ' a ' });
    expect({ status: short.status, message: short.body.message }).toEqual({
      status: 400,
      message: 'Type at least 2 characters to search.',
    });
  });

  it("lists a network's retailers with shop, city, last location, KYC state and services", async () => {
    await query(api, 'UPDATE users SET city = $2 WHERE id = $1', [net.r.id, 'Jaipur']);
    const located = await call(`${api.url}/api/auth/login`, {
      body: { mobile: net.r.mobile, password: net.r.password },
      headers: { latitude: '26.912434', longitude: '75.787270' },
    });
    expect(located.status).toBe(200);
    const list = await ask<MerchantsAnswer>(net.sd, 'merchants', {});
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data).toEqual([
      {
        id: net.r.id,
        name: net.r.name,
        mobile: net.r.mobile,
        role: 'khataEmployee2',
        status: 'active',
        shopName: `${net.r.name} Store`,
        city: 'Jaipur',
        location: { latitude: '26.912434', longitude: '75.787270', at: expect.any(String) },
        kycState: 'approved',
        services: [
          'wallet',
          'payout',
          'aepsAccount',
          'aepsSettlement',
          'aeps',
          'dmt',
          'ppi',
          'bbps',
          'rent',
        ],
      },
    ]);
    // Distributors are not merchants; the other network's retailers are not listed.
    const admins = await ask<MerchantsAnswer>(admin, 'merchants', { q: 'Jaipur', pageSize: 5 });
    expect(admins.body.data.map((merchant) => merchant.id)).toEqual([net.r.id]);
    const other = await ask<MerchantsAnswer>(net.sd2, 'merchants', {});
    expect(other.body.data.map((merchant) => merchant.id)).not.toContain(net.r.id);
    expect(other.body.data.find((merchant) => merchant.id === net.r2.id)?.location).toBeNull();
    const pastEnd = await ask<MerchantsAnswer>(net.sd2, 'merchants', { page: 9 });
    expect(pastEnd.body).toMatchObject({ data: [], total: other.body.total });
    const bad = await ask<Failure>(net.sd, 'merchants', { pageSize: 1000 });
    expect(bad.status).toBe(400);
  });
});
