import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PagingMessages } from '@khata/domain';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

// Issue 14, Map Generator: users with their last known coordinates, by the network rule.
interface MapPoint {
  id: string;
  name: string;
  latitude: string | null;
  longitude: string | null;
  locatedAt: string | null;
}
type Answer = { success: boolean; data: MapPoint[]; total: number; message?: string };

describe('map generator points (issue 14)', () => {
  let api: TestApi;
  let adminToken: string;
  let sdistributor: GivenUser;
  let located: GivenUser;
  let unlocated: GivenUser;
  let outsider: GivenUser;

  const signInFrom = async (user: GivenUser, latitude: string, longitude: string) => {
    const answer = await call<{ token: string }>(`${api.url}/api/auth/login`, {
      body: { mobile: user.mobile, password: user.password },
      headers: { latitude, longitude },
    });
    expect(answer.status).toBe(200);
    return answer.body.token;
  };
  const points = (token: string, body: unknown = {}) =>
    call<Answer>(`${api.url}/api/admin/mapPoints`, { body, headers: bearer(token) });

  beforeAll(async () => {
    api = await startTestApi();
    adminToken = await signIn(api, await given(api).user({ role: 'admin', services: [] }));
    sdistributor = await given(api).user({ role: 'sdistributor', name: 'Map Super' });
    located = await given(api).user({ role: 'user', parent: sdistributor, name: 'Map Located' });
    unlocated = await given(api).user({ role: 'user', parent: sdistributor, name: 'Map Nowhere' });
    outsider = await given(api).user({ role: 'user', name: 'Map Outsider' });
    await signInFrom(located, '12.971600', '77.594600');
    await signInFrom(outsider, '19.076000', '72.877700');
  });
  afterAll(() => api.close());

  const byName = (answer: { body: Answer }) =>
    Object.fromEntries(answer.body.data.map((point) => [point.name, point]));

  it('gives an admin everyone, with the last session location or null coordinates', async () => {
    const answer = await points(adminToken, { q: 'Map ', pageSize: 100 });
    expect(answer.status).toBe(200);
    const seen = byName(answer);
    expect(seen['Map Located']).toMatchObject({
      id: located.id,
      latitude: '12.971600',
      longitude: '77.594600',
      locatedAt: expect.any(String),
    });
    expect(seen['Map Nowhere']).toMatchObject({
      id: unlocated.id,
      latitude: null,
      longitude: null,
      locatedAt: null,
    });
    expect(seen['Map Outsider']).toBeDefined();
    expect(answer.body.total).toBe(answer.body.data.length);
  });

  it('gives a super distributor its own network only', async () => {
    const token = await signIn(api, sdistributor);
    const answer = await points(token, { pageSize: 100 });
    expect(answer.status).toBe(200);
    expect(Object.keys(byName(answer)).sort()).toEqual(['Map Located', 'Map Nowhere', 'Map Super']);
    expect(answer.body.total).toBe(3);
  });

  it('gives an employee 2 itself only, and refuses a retailer', async () => {
    const employee = await given(api).user({ role: 'khataEmployee2', name: 'Map Employee' });
    const answer = await points(await signIn(api, employee), { pageSize: 100 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((point) => point.id)).toEqual([employee.id]);

    const refused = await points(await signIn(api, located));
    expect(refused.status).toBe(403);
  });

  it('answers bad paging with a 400', async () => {
    const answer = await points(adminToken, { pageSize: 100000 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(PagingMessages.pageSizeInvalid(100));
  });
});
