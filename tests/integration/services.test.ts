import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Messages, ServiceMessages, SocketEvent, type ServicesUpdated } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

describe('services: the catalogue, one user’s services, and switching them', () => {
  let api: TestApi;
  let second: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const clients = socketClients();

  beforeAll(async () => {
    api = await startTestApi();
    second = await startTestApi({}, { sharing: api });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  const post = <T = Record<string, unknown>>(
    path: string,
    body: unknown,
    headers: Record<string, string>,
    on: TestApi = api,
  ) => call<T & { message?: string }>(`${on.url}/api/${path}`, { body, headers });

  const userServices = (token: string, body: Record<string, unknown>) =>
    post<{ services: string[]; defaults: string[]; overrides: { service: string }[] }>(
      'admin/userServices',
      body,
      bearer(token),
    );

  const update = (
    body: Record<string, unknown>,
    pin: string = admin.pin,
    token: string = adminToken,
  ) => post<{ services: string[] }>('admin/updateServices', body, { ...bearer(token), pin });

  const storedOverrides = (userId: string) =>
    query<{ service: string; enabled: boolean; changed_by: string | null; reason: string }>(
      api,
      'SELECT service, enabled, changed_by, reason FROM user_service_overrides WHERE user_id = $1 ORDER BY service',
      [userId],
    );

  const auditOf = (userId: string) =>
    query<{ outcome: string; details: Record<string, unknown> }>(
      api,
      "SELECT outcome, details FROM audit_log WHERE action = 'user.services' AND subject_id = $1 ORDER BY id",
      [userId],
    );

  it('answers the catalogue with each service’s status and role defaults', async () => {
    const answer = await post<{ services: Record<string, unknown>[] }>(
      'admin/services',
      {},
      bearer(adminToken),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.services.map((service) => service.key)).toEqual([
      'wallet',
      'payout',
      'aepsAccount',
      'aepsSettlement',
      'aeps',
      'dmt',
      'ppi',
      'bbps',
      'rent',
      'pg',
      'staff',
    ]);
    expect(answer.body.services[0]).toMatchObject({
      key: 'wallet',
      status: 'live',
      defaultFor: ['employee1', 'employee2'],
    });
    expect(answer.body.services.find((s) => s.key === 'dmt')).toMatchObject({
      status: 'live',
      defaultFor: ['employee2'],
    });
    expect(answer.body.services.find((s) => s.key === 'ppi')).toMatchObject({
      status: 'live',
      defaultFor: ['employee2'],
    });
    expect(answer.body.services.find((s) => s.key === 'bbps')).toMatchObject({
      status: 'live',
      defaultFor: ['employee2'],
    });
    expect(answer.body.services.find((s) => s.key === 'pg')).toMatchObject({ status: 'later' });
    expect(answer.body.services.find((s) => s.key === 'staff')).toMatchObject({
      grantableTo: ['employee1', 'employee2'],
    });
  });

  it('shows one user’s services by id or by mobile: role defaults, then overrides', async () => {
    const retailer = await given(api).user({ role: 'khataEmployee1', services: ['payout', 'pg'] });
    const byId = await userServices(adminToken, { userId: retailer.id });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      success: true,
      user: { id: retailer.id, mobile: retailer.mobile, kind: 'employee1' },
      services: ['payout', 'pg'],
      defaults: ['wallet', 'payout'],
      overrides: [
        { service: 'pg', enabled: true, changedBy: null },
        { service: 'wallet', enabled: false, changedBy: null },
      ],
    });
    const byMobile = await userServices(adminToken, { mobile: retailer.mobile });
    expect(byMobile.body).toEqual(byId.body);
  });

  it('lets a distributor read its downline and answers anyone else like a user that does not exist', async () => {
    const distributor = await given(api).user({ role: 'distributor', services: [] });
    const own = await given(api).user({ role: 'khataEmployee2', parent: distributor });
    const stranger = await given(api).user({ role: 'khataEmployee2' });
    const token = await signIn(api, distributor);
    expect((await userServices(token, { userId: own.id })).status).toBe(200);
    const outside = await userServices(token, { userId: stranger.id });
    const missing = await userServices(token, { userId: randomUUID() });
    const outsideByMobile = await userServices(token, { mobile: stranger.mobile });
    for (const answer of [outside, missing, outsideByMobile]) {
      expect([answer.status, answer.body]).toEqual([
        404,
        { success: false, message: 'User not found' },
      ]);
    }
  });

  it.each([
    [{}, ServiceMessages.userRequired],
    [{ userId: 'not-a-uuid' }, ServiceMessages.userIdInvalid],
    [{ userId: 42 }, ServiceMessages.userIdInvalid],
    [{ mobile: '12' }, Messages.mobileTenDigits],
  ])('refuses userServices %j with 400 %j', async (body, message) => {
    const answer = await userServices(adminToken, body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
  });

  it('revokes and grants with the PIN and a reason, audits each change, and drops an override back at the default', async () => {
    const retailer = await given(api).user({
      role: 'khataEmployee1',
      services: ['wallet', 'payout'],
    });
    const revoked = await update({
      userId: retailer.id,
      changes: [
        { service: 'wallet', enabled: false },
        { service: 'dmt', enabled: true },
      ],
      reason: 'KYC under review',
    });
    expect([revoked.status, revoked.body]).toEqual([
      200,
      { success: true, message: ServiceMessages.updated, services: ['payout', 'dmt'] },
    ]);
    expect(await storedOverrides(retailer.id)).toEqual([
      { service: 'dmt', enabled: true, changed_by: admin.id, reason: 'KYC under review' },
      { service: 'wallet', enabled: false, changed_by: admin.id, reason: 'KYC under review' },
    ]);
    const token = await signIn(api, retailer);
    const balance = await post<{ services: string[] }>('user/checkBalance', {}, bearer(token));
    expect(balance.body.services).toEqual(['payout', 'dmt']);

    const back = await update({
      userId: retailer.id,
      changes: [{ service: 'wallet', enabled: true }],
      reason: 'KYC approved',
    });
    expect(back.body.services).toEqual(['wallet', 'payout', 'dmt']);
    expect((await storedOverrides(retailer.id)).map((o) => o.service)).toEqual(['dmt']);
    expect(await auditOf(retailer.id)).toEqual([
      {
        outcome: 'success',
        details: { service: 'wallet', enabled: false, was: true, reason: 'KYC under review' },
      },
      {
        outcome: 'success',
        details: { service: 'dmt', enabled: true, was: false, reason: 'KYC under review' },
      },
      {
        outcome: 'success',
        details: { service: 'wallet', enabled: true, was: false, reason: 'KYC approved' },
      },
    ]);
  });

  it('gives staff to an employee, who then sees the whole network', async () => {
    const employee = await given(api).user({ role: 'khataEmployee1', services: ['wallet'] });
    const stranger = await given(api).user({ role: 'khataEmployee2' });
    const token = await signIn(api, employee);
    expect((await userServices(token, { userId: stranger.id })).status).toBe(404);
    const granted = await update({
      userId: employee.id,
      changes: [{ service: 'staff', enabled: true }],
      reason: 'back office',
    });
    expect(granted.body.services).toEqual(['wallet', 'staff']);
    expect((await userServices(token, { userId: stranger.id })).status).toBe(200);
  });

  describe('bad input changes nothing', () => {
    let retailer: GivenUser;
    beforeAll(async () => {
      retailer = await given(api).user({ role: 'user', services: ['wallet'] });
    });

    it.each([
      [{ changes: [{ service: 'lottery', enabled: true }] }, ServiceMessages.unknownService],
      [{ changes: [{ service: 'wallet', enabled: 'no' }] }, ServiceMessages.enabledRequired],
      [{ changes: [] }, ServiceMessages.changesRequired],
      [{ changes: 'wallet' }, ServiceMessages.changesRequired],
      [{ reason: undefined }, ServiceMessages.reasonRequired],
      [{ reason: '   ' }, ServiceMessages.reasonRequired],
      [{ userId: 'x' }, ServiceMessages.userIdInvalid],
      [
        {
          changes: [
            { service: 'wallet', enabled: false },
            { service: 'staff', enabled: true },
          ],
        },
        ServiceMessages.staffOnlyForEmployees,
      ],
    ])('refuses %j with 400 %j', async (spoiled, message) => {
      const answer = await update({
        userId: retailer.id,
        changes: [{ service: 'wallet', enabled: false }],
        reason: 'test',
        ...spoiled,
      });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
      expect(await storedOverrides(retailer.id)).toMatchObject([
        { service: 'wallet', enabled: true },
      ]);
    });

    it('refuses a wrong PIN with 422, audits the failure, and changes nothing', async () => {
      const answer = await update(
        { userId: retailer.id, changes: [{ service: 'wallet', enabled: false }], reason: 'test' },
        admin.pin === '9999' ? '8888' : '9999',
      );
      expect(answer.status).toBe(422);
      expect(await storedOverrides(retailer.id)).toMatchObject([
        { service: 'wallet', enabled: true },
      ]);
      expect(await auditOf(retailer.id)).toMatchObject([{ outcome: 'failure' }]);
      // A right PIN clears the failure count for the next tests.
      expect(
        (
          await update({
            userId: retailer.id,
            changes: [{ service: 'pg', enabled: false }],
            reason: 'reset',
          })
        ).status,
      ).toBe(200);
    });

    it('answers 404 for a user that does not exist', async () => {
      const answer = await update({
        userId: randomUUID(),
        changes: [{ service: 'wallet', enabled: false }],
        reason: 'test',
      });
      expect([answer.status, answer.body.message]).toEqual([404, 'User not found']);
    });

    it('refuses a distributor, even for its own downline', async () => {
      const distributor = await given(api).user({ role: 'distributor', services: [] });
      const own = await given(api).user({ role: 'khataEmployee2', parent: distributor });
      const answer = await update(
        { userId: own.id, changes: [{ service: 'wallet', enabled: false }], reason: 'test' },
        distributor.pin,
        await signIn(api, distributor),
      );
      expect(answer.status).toBe(403);
      expect(await storedOverrides(own.id)).toEqual([]);
    });
  });

  it('takes effect on every API process within a second: revoked on A, refused on B, granted back', async () => {
    const receiver = await given(api).user({ role: 'khataEmployee1' });
    const retailer = await given(api).user({ role: 'khataEmployee1', services: ['wallet'] });
    const credited = await post(
      'admin/creditWallet',
      { mobile: retailer.mobile, amount: 100, remark: 'float' },
      { ...bearer(adminToken), pin: admin.pin, 'idempotency-key': randomUUID() },
    );
    expect(credited.status).toBe(200);
    const token = await signIn(second, retailer);
    const transfer = () =>
      post(
        'user/sendMoneyToWallet',
        { mobile: receiver.mobile, amount: 1 },
        { ...bearer(token), pin: retailer.pin, 'idempotency-key': randomUUID() },
        second,
      );
    expect((await transfer()).status).toBe(200);

    const revoked = await update({
      userId: retailer.id,
      changes: [{ service: 'wallet', enabled: false }],
      reason: 'paused',
    });
    expect(revoked.status).toBe(200);
    const answeredAt = Date.now();
    const refused = await transfer();
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'You are not allowed to do this.',
    ]);
    expect(Date.now() - answeredAt).toBeLessThan(1000);

    expect(
      (
        await update({
          userId: retailer.id,
          changes: [{ service: 'wallet', enabled: true }],
          reason: 'resumed',
        })
      ).status,
    ).toBe(200);
    expect((await transfer()).status).toBe(200);
  });

  it('tells the user’s open sockets on every process the new list', async () => {
    const retailer = await given(api).user({ role: 'khataEmployee2' });
    const token = await signIn(api, retailer);
    const onA = await clients.connect(api, { token });
    const onB = await clients.connect(second, { token });
    const other = await given(api).user({ role: 'khataEmployee2' });
    const otherSocket = await clients.connect(second, { token: await signIn(api, other) });
    await update({
      userId: retailer.id,
      changes: [{ service: 'payout', enabled: false }],
      reason: 'limit',
    });
    const expected = {
      services: ['wallet', 'aepsAccount', 'aepsSettlement', 'aeps', 'dmt', 'ppi', 'bbps', 'rent'],
    };
    expect(await heard<ServicesUpdated>(onA, SocketEvent.ServicesUpdated)).toEqual(expected);
    expect(await heard<ServicesUpdated>(onB, SocketEvent.ServicesUpdated)).toEqual(expected);
    expect(otherSocket.heard.filter((e) => e.event === SocketEvent.ServicesUpdated)).toEqual([]);
  });

  it('ends consistent after a burst of parallel updates of one user', async () => {
    const retailer = await given(api).user({
      role: 'khataEmployee1',
      services: ['wallet', 'payout'],
    });
    const services = ['wallet', 'payout', 'dmt', 'bbps'] as const;
    const requests = Array.from({ length: 24 }, (_, i) => ({
      userId: retailer.id,
      changes: [
        { service: services[i % 4], enabled: i % 3 === 0 },
        { service: services[(i + 1) % 4], enabled: i % 2 === 0 },
      ],
      reason: `burst ${i}`,
    }));
    const answers = await Promise.all(requests.map((body) => update(body)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    // The audit log holds every change in commit order; replaying it gives what is stored.
    const audit = await auditOf(retailer.id);
    expect(audit).toHaveLength(48);
    const last = new Map<string, boolean>();
    for (const entry of audit)
      last.set(entry.details.service as string, entry.details.enabled as boolean);
    const expected = ['wallet', 'payout', 'dmt', 'bbps'].filter((service) =>
      last.has(service) ? last.get(service) : ['wallet', 'payout'].includes(service),
    );
    const now = await userServices(adminToken, { userId: retailer.id });
    expect([...now.body.services].sort()).toEqual(expected.sort());
    // Each answer was the list right after its own commit: the last one committed is now.
    expect(answers.map((answer) => [...answer.body.services].sort().join())).toContain(
      expected.sort().join(),
    );
  });
});
