import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn } from '../support/given.js';
import { call, startTestApi, type TestApi, query } from '../support/test-api.js';

// Issue 14, Contact requests: admins list the call-back box's requests by status and mark
// each handled once, with a note, audited.
let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;

interface CallbackRecord {
  id: string;
  name: string;
  handledAt: string | null;
  handledBy: { id: string; name: string } | null;
  handledNote: string | null;
}

type Answer = {
  success: boolean;
  message?: string;
  data: CallbackRecord[];
  total: number;
  request?: CallbackRecord;
};

describe('handling call-back requests (issue 14)', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let admin: { id: string; name: string };
  let adminToken: string;
  let otherAdminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    const adminUser = await given(api).user({ role: 'admin', services: [], name: 'Asha Admin' });
    admin = adminUser;
    adminToken = await signIn(api, adminUser);
    otherAdminToken = await signIn(
      api,
      await given(api).user({ role: 'admin', services: [], name: 'Bala Admin' }),
    );
  });
  afterAll(() => api.close());

  const requestCallback = (name: string) =>
    call(`${api.url}/api/public/callback-request`, {
      body: { name, mobile: '9988776655' },
      headers: { 'x-forwarded-for': newAddress() },
    });
  const list = (token: string, body: unknown = {}) =>
    call<Answer>(`${api.url}/api/admin/callback-requests`, { body, headers: bearer(token) });
  const handle = (token: string, body: unknown) =>
    call<Answer>(`${api.url}/api/admin/callback-requests/handled`, {
      body,
      headers: bearer(token),
    });
  const idOf = async (name: string) =>
    (
      await query<{ id: string }>(api, 'SELECT id FROM callback_requests WHERE name = $1', [name])
    )[0]!.id;

  it('marks a request handled with a note, audited, and filters open from handled', async () => {
    await requestCallback('Handle me');
    await requestCallback('Leave me open');
    const id = await idOf('Handle me');

    const answer = await handle(adminToken, { id, note: '  Called, wants AEPS. ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Marked as handled.',
      request: {
        id,
        handledAt: expect.any(String),
        handledBy: { id: admin.id, name: 'Asha Admin' },
        handledNote: 'Called, wants AEPS.',
      },
    });

    const open = await list(adminToken, { status: 'open', pageSize: 100 });
    const handled = await list(adminToken, { status: 'handled', pageSize: 100 });
    expect(open.body.data.map((r) => r.name)).toContain('Leave me open');
    expect(open.body.data.map((r) => r.name)).not.toContain('Handle me');
    expect(open.body.data.every((r) => r.handledAt === null)).toBe(true);
    expect(handled.body.data.map((r) => r.name)).toEqual(['Handle me']);
    expect(handled.body.total).toBe(1);

    const audit = await query<{ actor_id: string; details: Record<string, unknown> }>(
      api,
      `SELECT actor_id, details FROM audit_log WHERE action = 'callback-request.handle'
        AND details->>'callbackRequestId' = $1`,
      [id],
    );
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        details: expect.objectContaining({ callbackRequestId: id, note: 'Called, wants AEPS.' }),
      },
    ]);
  });

  it('marks a request handled exactly once under two parallel admins; the other gets a 409', async () => {
    await requestCallback('Race me');
    const id = await idOf('Race me');

    const answers = await Promise.all([
      handle(adminToken, { id, note: 'First call' }),
      handle(otherAdminToken, { id, note: 'Second call' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.message).toMatch(
      /^This request was already marked handled by (Asha|Bala) Admin\.$/,
    );

    const audits = await query<{ count: number }>(
      api,
      `SELECT count(*)::int AS count FROM audit_log WHERE action = 'callback-request.handle'
        AND details->>'callbackRequestId' = $1`,
      [id],
    );
    expect(audits[0]!.count).toBe(1);

    const again = await handle(adminToken, { id, note: 'Once more' });
    expect(again.status).toBe(409);
    const [row] = await query<{ handled_note: string }>(
      api,
      'SELECT handled_note FROM callback_requests WHERE id = $1',
      [id],
    );
    expect(['First call', 'Second call']).toContain(row!.handled_note);
  });

  it('answers bad input with a 4xx and a message, changing nothing', async () => {
    await requestCallback('Bad input');
    const id = await idOf('Bad input');
    const cases: [unknown, number, string][] = [
      [{ id, note: '' }, 400, 'Please write a note of the call.'],
      [{ id }, 400, 'Please write a note of the call.'],
      [{ id, note: 42 }, 400, 'Note must be text.'],
      [{ id, note: 'x'.repeat(501) }, 400, 'Note must be at most 500 characters.'],
      [{ id: 'not-an-id', note: 'ok' }, 400, 'Call-back request id must be a valid id.'],
      [
        { id: '00000000-0000-4000-8000-000000000000', note: 'ok' },
        404,
        'Call-back request not found.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await handle(adminToken, body);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status, message });
    }
    const badStatus = await list(adminToken, { status: 'closed' });
    expect({ status: badStatus.status, message: badStatus.body.message }).toEqual({
      status: 400,
      message: 'Status must be one of: open, handled, all.',
    });
    const [row] = await query<{ handled_at: Date | null }>(
      api,
      'SELECT handled_at FROM callback_requests WHERE id = $1',
      [id],
    );
    expect(row!.handled_at).toBeNull();
  });

  it('is for admins only', async () => {
    await requestCallback('Not yours');
    const id = await idOf('Not yours');
    for (const role of ['sdistributor', 'khataEmployee2', 'user'] as const) {
      const token = await signIn(api, await given(api).user({ role }));
      const answer = await handle(token, { id, note: 'Sneaky' });
      expect(answer.status).toBe(403);
    }
    const [row] = await query<{ handled_at: Date | null }>(
      api,
      'SELECT handled_at FROM callback_requests WHERE id = $1',
      [id],
    );
    expect(row!.handled_at).toBeNull();
  });
});
