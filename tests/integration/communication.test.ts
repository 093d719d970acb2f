import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { formatIndiaDateTime, type ComplaintDetail, type NoticeRecord } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AnnounceNoticesHandler } from '../../apps/api/src/notices/announce-notices.job.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { heard, socketClients, type Listener } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// Issue 14, Communication: notices reach the roles they address (live and on the dashboard,
// inside their window, until dismissed); complaints go through their machine, live both ways.

const HOUR = 60 * 60 * 1000;
const india = (at: number) => formatIndiaDateTime(new Date(at));

interface Body {
  success: boolean;
  message?: string;
  notice?: NoticeRecord;
  data?: { id: string; status?: string }[];
  complaint?: ComplaintDetail;
  total?: number;
  assignees?: { id: string; name: string }[];
}

describe('notices and complaints (issue 14)', () => {
  const clock = new MovableClock();
  const clients = socketClients();
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let otherAdmin: GivenUser;
  let otherAdminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    admin = await given(api).user({ role: 'admin', services: [], name: 'Asha Admin' });
    adminToken = await signIn(api, admin);
    otherAdmin = await given(api).user({ role: 'admin', services: [], name: 'Bala Admin' });
    otherAdminToken = await signIn(api, otherAdmin);
  });
  afterEach(() => {
    clients.closeAll();
    clock.reset();
  });
  afterAll(() => api.close());

  const post = <T = Body>(path: string, token: string, body: unknown = {}) =>
    call<T>(`${api.url}/api${path}`, { body, headers: bearer(token) });

  async function signedIn(spec: Parameters<ReturnType<typeof given>['user']>[0] = {}) {
    const user = await given(api).user(spec);
    const token = await signIn(api, user);
    return { user, token };
  }
  const listen = (token: string): Promise<Listener> => clients.connect(api, { token });

  const noticeBody = (over: Record<string, unknown> = {}) => {
    const now = clock.now().getTime();
    return {
      title: 'Bank holiday',
      body: 'IMPS may be slow on Monday.',
      audience: 'all',
      startsAt: india(now - 60_000),
      endsAt: india(now + 24 * HOUR),
      ...over,
    };
  };

  describe('notices', () => {
    it('reaches the sockets of the roles it addresses and no others, and is audited', async () => {
      const retailer = await signedIn({ role: 'khataEmployee2' });
      const distributor = await signedIn({ role: 'distributor' });
      const retailerSocket = await listen(retailer.token);
      const distributorSocket = await listen(distributor.token);
      const adminSocket = await listen(otherAdminToken);

      const answer = await post('/admin/postNotice', adminToken, {
        ...noticeBody({ title: `For retailers ${randomUUID()}` }),
        audience: ['employee2'],
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        message: 'Notice posted.',
        notice: { audience: ['employee2'], state: 'live', postedBy: { name: 'Asha Admin' } },
      });
      const id = answer.body.notice!.id;
      const live = await heard<{ id: string; title: string }>(
        retailerSocket,
        'notice.posted',
        (n) => n.id === id,
      );
      expect(live).toMatchObject({ id, title: answer.body.notice!.title });

      // A later notice to everyone: once the others hear it, they would have heard the first.
      const everyone = await post('/admin/postNotice', adminToken, noticeBody());
      const everyoneId = everyone.body.notice!.id;
      await heard(distributorSocket, 'notice.posted', (n: { id: string }) => n.id === everyoneId);
      await heard(adminSocket, 'notice.posted', (n: { id: string }) => n.id === everyoneId);
      await heard(retailerSocket, 'notice.posted', (n: { id: string }) => n.id === everyoneId);
      expect(JSON.stringify(distributorSocket.heard)).not.toContain(id);
      expect(JSON.stringify(adminSocket.heard)).not.toContain(id);

      // On the dashboard too: the retailer has both, the distributor only the one for all.
      const retailerNotices = await post('/user/notices', retailer.token);
      expect(retailerNotices.body.data!.map((n) => n.id)).toEqual(
        expect.arrayContaining([id, everyoneId]),
      );
      const distributorNotices = await post('/user/notices', distributor.token);
      expect(distributorNotices.body.data!.map((n) => n.id)).toContain(everyoneId);
      expect(distributorNotices.body.data!.map((n) => n.id)).not.toContain(id);

      const [audit] = await query<{ actor_id: string; details: { noticeId: string } }>(
        api,
        `SELECT actor_id, details FROM audit_log WHERE action = 'notice.post' AND details->>'noticeId' = $1`,
        [id],
      );
      expect(audit).toMatchObject({ actor_id: admin.id, details: { noticeId: id } });
    });

    it('shows a notice only inside its window: a later one is not sent live, an ended one is gone', async () => {
      const retailer = await signedIn();
      const socket = await listen(retailer.token);
      const now = clock.now().getTime();
      const later = await post('/admin/postNotice', adminToken, {
        ...noticeBody({ title: 'Tomorrow' }),
        startsAt: india(now + 24 * HOUR),
        endsAt: india(now + 48 * HOUR),
      });
      expect(later.body.notice!.state).toBe('scheduled');
      const short = await post('/admin/postNotice', adminToken, {
        ...noticeBody({ title: 'Two hours' }),
        endsAt: india(now + 2 * HOUR),
      });
      const ids = async () =>
        (await post('/user/notices', retailer.token)).body.data!.map((n) => n.id);
      await heard(socket, 'notice.posted', (n: { id: string }) => n.id === short.body.notice!.id);
      expect(JSON.stringify(socket.heard)).not.toContain(later.body.notice!.id);
      expect(await ids()).toContain(short.body.notice!.id);
      expect(await ids()).not.toContain(later.body.notice!.id);

      clock.advance({ minutes: 25 * 60 });
      // Sessions end with India's day: sign in again on the moved clock.
      retailer.token = await signIn(api, retailer.user);
      const tomorrow = await ids();
      expect(tomorrow).toContain(later.body.notice!.id);
      expect(tomorrow).not.toContain(short.body.notice!.id);
      const list = await post('/admin/notices', await signIn(api, admin), { pageSize: 100 });
      const states = Object.fromEntries(
        list.body.data!.map((n) => [n.id, (n as NoticeRecord).state]),
      );
      expect(states[short.body.notice!.id]).toBe('ended');
      expect(states[later.body.notice!.id]).toBe('live');
    });

    it('announces a scheduled notice once, when its window opens', async () => {
      const now = clock.now().getTime();
      const { body } = await post('/admin/postNotice', adminToken, {
        ...noticeBody({ title: `In two minutes ${randomUUID()}` }),
        startsAt: india(now + 2 * 60_000),
      });
      const id = body.notice!.id;
      expect(body.notice!.state).toBe('scheduled');
      const announce = () => api.app.get(AnnounceNoticesHandler).handle();
      await announce();
      const [before] = await query<{ announced_at: Date | null }>(
        api,
        'SELECT announced_at FROM notices WHERE id = $1',
        [id],
      );
      expect(before!.announced_at).toBeNull();

      clock.advance({ minutes: 3 });
      // Signed in on the moved clock: a session of the real day may have ended meanwhile.
      const retailer = await signedIn();
      const socket = await listen(retailer.token);
      await Promise.all([announce(), announce()]);
      expect(
        await heard(socket, 'notice.posted', (n: { id: string }) => n.id === id),
      ).toMatchObject({ id, title: body.notice!.title });
      // A notice live at once, heard after: had the first been pushed twice, it would be too.
      const next = await post('/admin/postNotice', adminToken, noticeBody());
      await heard(socket, 'notice.posted', (n: { id: string }) => n.id === next.body.notice!.id);
      await announce();
      expect(socket.heard.filter(({ data }) => (data as { id?: string })?.id === id)).toHaveLength(
        1,
      );
    });

    it('a dismissal holds on every device of the user, and only for them', async () => {
      const retailer = await signedIn();
      const colleague = await signedIn();
      const secondDevice = await signIn(api, retailer.user);
      const { body } = await post(
        '/admin/postNotice',
        adminToken,
        noticeBody({ title: 'Dismiss me' }),
      );
      const id = body.notice!.id;

      const dismissed = await post('/user/notices/dismiss', retailer.token, { id });
      expect(dismissed.body).toEqual({ success: true, message: 'Notice dismissed.' });
      expect((await post('/user/notices/dismiss', retailer.token, { id })).status).toBe(200);
      expect((await post('/user/notices', secondDevice)).body.data!.map((n) => n.id)).not.toContain(
        id,
      );
      expect((await post('/user/notices', colleague.token)).body.data!.map((n) => n.id)).toContain(
        id,
      );
      const list = await post('/admin/notices', adminToken, { pageSize: 100 });
      expect(list.body.data!.find((n) => n.id === id)).toMatchObject({ dismissals: 1 });
    });

    it('withdraws once (409 again), after which nobody sees it; a notice for other roles cannot be dismissed', async () => {
      const retailer = await signedIn();
      const socket = await listen(retailer.token);
      const { body } = await post('/admin/postNotice', adminToken, noticeBody({ title: 'Oops' }));
      const id = body.notice!.id;
      const [first, second] = await Promise.all([
        post('/admin/notices/withdraw', adminToken, { id }),
        post('/admin/notices/withdraw', otherAdminToken, { id }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      // The open pages drop it at once.
      expect(await heard(socket, 'notice.withdrawn', (n: { id: string }) => n.id === id)).toEqual({
        id,
      });
      expect(
        (await post('/user/notices', retailer.token)).body.data!.map((n) => n.id),
      ).not.toContain(id);
      const [{ count }] = await query<{ count: number }>(
        api,
        `SELECT count(*)::int AS count FROM audit_log WHERE action = 'notice.withdraw' AND details->>'noticeId' = $1`,
        [id],
      );
      expect(count).toBe(1);

      const forAdmins = await post('/admin/postNotice', adminToken, {
        ...noticeBody(),
        audience: ['admin'],
      });
      const refused = await post('/user/notices/dismiss', retailer.token, {
        id: forAdmins.body.notice!.id,
      });
      expect(refused.status).toBe(404);
    });

    it.each([
      ['no title', { title: '' }, 'Please write a title.'],
      ['a title too long', { title: 'x'.repeat(101) }, 'Title must be at most 100 characters.'],
      ['a body too long', { body: 'x'.repeat(1001) }, 'Notice must be at most 1000 characters.'],
      ['a partner audience', { audience: ['partner'] }, undefined],
      ['an empty audience', { audience: [] }, 'Please choose at least one role, or everyone.'],
      ['a start that is not a time', { startsAt: 'tomorrow' }, undefined],
      [
        'an end before the start',
        { endsAt: '2020-01-01T10:00' },
        'The end must be after the start.',
      ],
      ['an unknown field', { pin: '1234' }, undefined],
    ])('refuses %s with a 400', async (_name, over, message) => {
      const answer = await post('/admin/postNotice', adminToken, { ...noticeBody(), ...over });
      expect(answer.status).toBe(400);
      if (message) expect(answer.body.message).toBe(message);
    });

    it('refuses a notice from anyone but an admin', async () => {
      const distributor = await signedIn({ role: 'distributor' });
      expect((await post('/admin/postNotice', distributor.token, noticeBody())).status).toBe(403);
    });
  });

  describe('complaints', () => {
    async function creditedRetailer() {
      const retailer = await signedIn();
      const credit = await call(`${api.url}/api/admin/creditWallet`, {
        body: { mobile: retailer.user.mobile, amount: 250, remark: 'float' },
        headers: { ...bearer(adminToken), pin: admin.pin, 'idempotency-key': randomUUID() },
      });
      expect(credit.status).toBe(200);
      let id: string | undefined;
      for (let i = 0; i < 50 && !id; i += 1) {
        const list = await post<{ data: { _id: string }[] }>('/user/transactions', retailer.token);
        id = list.body.data?.[0]?._id;
        if (!id) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { ...retailer, transactionId: id! };
    }

    it('goes raise -> reply -> resolve -> reopen, the user hearing each staff step live', async () => {
      const retailer = await creditedRetailer();
      const userSocket = await listen(retailer.token);
      const adminSocket = await listen(otherAdminToken);

      const raised = await post('/user/complaints/raise', retailer.token, {
        subject: 'Credit not shown',
        text: 'My ₹250 credit shows late.',
        transactionId: retailer.transactionId,
      });
      expect(raised.status).toBe(200);
      const complaint = raised.body.complaint!;
      expect(complaint).toMatchObject({
        status: 'open',
        number: expect.stringMatching(/^C-\d{6}$/),
        transaction: { id: retailer.transactionId, amount: 250 },
        lastFrom: 'user',
        messages: [{ from: 'user', text: 'My ₹250 credit shows late.' }],
      });
      await heard(adminSocket, 'complaint.updated', (u: { id: string }) => u.id === complaint.id);

      const act = (token: string, path: string, body: Record<string, unknown>) =>
        post(path, token, { id: complaint.id, ...body });

      const note = await act(adminToken, '/admin/complaints/act', {
        action: 'note',
        text: 'Projection lag, check the read model.',
      });
      expect(note.body.complaint!.status).toBe('open');
      const assigned = await act(adminToken, '/admin/complaints/act', {
        action: 'assign',
        assigneeId: otherAdmin.id,
      });
      expect(assigned.body.complaint).toMatchObject({
        status: 'in_progress',
        assignedTo: { id: otherAdmin.id, name: 'Bala Admin' },
      });
      const reply = await act(otherAdminToken, '/admin/complaints/act', {
        action: 'reply',
        text: 'It is credited now; please refresh.',
      });
      expect(reply.body).toMatchObject({
        message: 'Reply sent.',
        complaint: { lastFrom: 'staff' },
      });
      await heard(
        userSocket,
        'complaint.updated',
        (u: { id: string; action: string }) => u.id === complaint.id && u.action === 'reply',
      );

      // The user's view has the reply and never the staff note or the assignment.
      const mine = await post('/user/complaint', retailer.token, { id: complaint.id });
      expect(mine.body.complaint!.messages.map((m) => m.text)).toEqual([
        'My ₹250 credit shows late.',
        'It is credited now; please refresh.',
      ]);
      const staffView = await post('/admin/complaint', adminToken, { id: complaint.id });
      expect(staffView.body.complaint!.messages.filter((m) => m.note)).toHaveLength(2);
      expect(JSON.stringify(userSocket.heard)).not.toContain('"action":"note"');

      const resolved = await act(adminToken, '/admin/complaints/act', { action: 'resolve' });
      expect(resolved.body.complaint!.status).toBe('resolved');
      await heard(
        userSocket,
        'complaint.updated',
        (u: { action: string; status: string }) =>
          u.action === 'resolve' && u.status === 'resolved',
      );
      // A resolved complaint takes no reply until it is reopened.
      const late = await act(retailer.token, '/user/complaints/act', {
        action: 'reply',
        text: 'Hi',
      });
      expect(late.status).toBe(409);
      const reopened = await act(retailer.token, '/user/complaints/act', {
        action: 'reopen',
        text: 'Still missing.',
      });
      expect(reopened.body.complaint!.status).toBe('reopened');
      await heard(
        adminSocket,
        'complaint.updated',
        (u: { action: string }) => u.action === 'reopen',
      );

      const queue = await post('/admin/complaints', adminToken, { status: 'reopened' });
      expect(queue.body.data!.map((c) => c.id)).toContain(complaint.id);
      expect(queue.body.assignees!.map((a) => a.name)).toEqual(
        expect.arrayContaining(['Asha Admin', 'Bala Admin']),
      );
      const actions = await query<{ action: string }>(
        api,
        `SELECT action FROM audit_log WHERE details->>'complaintId' = $1 ORDER BY id`,
        [complaint.id],
      );
      expect(actions.map((a) => a.action)).toEqual([
        'complaint.raise',
        'complaint.note',
        'complaint.assign',
        'complaint.reply',
        'complaint.resolve',
        'complaint.reopen',
      ]);
    });

    it("refuses a complaint about someone else's transaction, and another user's complaint", async () => {
      const owner = await creditedRetailer();
      const stranger = await signedIn();
      const refused = await post('/user/complaints/raise', stranger.token, {
        subject: 'Not mine',
        text: 'Trying',
        transactionId: owner.transactionId,
      });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('No transaction of yours has this id.');
      const [{ count }] = await query<{ count: number }>(
        api,
        'SELECT count(*)::int AS count FROM complaints WHERE user_id = $1',
        [stranger.user.id],
      );
      expect(count).toBe(0);

      const own = await post('/user/complaints/raise', owner.token, {
        subject: 'General',
        text: 'Hi',
      });
      const id = own.body.complaint!.id;
      expect((await post('/user/complaint', stranger.token, { id })).status).toBe(404);
      const hijack = await post('/user/complaints/act', stranger.token, {
        id,
        action: 'reply',
        text: 'x',
      });
      expect(hijack.status).toBe(404);
      const others = await post('/user/complaints', stranger.token);
      expect(others.body.total).toBe(0);
    });

    it('of two admins resolving at once exactly one wins; the other gets a 409', async () => {
      const retailer = await signedIn();
      const { body } = await post('/user/complaints/raise', retailer.token, {
        subject: 'Race',
        text: 'Two admins',
      });
      const id = body.complaint!.id;
      const answers = await Promise.all(
        [adminToken, otherAdminToken, adminToken, otherAdminToken].map((token) =>
          post('/admin/complaints/act', token, { id, action: 'resolve' }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      const [{ count }] = await query<{ count: number }>(
        api,
        `SELECT count(*)::int AS count FROM complaint_messages WHERE complaint_id = $1 AND action = 'resolve'`,
        [id],
      );
      expect(count).toBe(1);
    });

    it('limits new complaints per user under a parallel burst', async () => {
      const retailer = await signedIn();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post('/user/complaints/raise', retailer.token, { subject: `Burst ${i}`, text: 'Many' }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
      expect(answers.find((a) => a.status === 429)!.body.message).toMatch(
        /You have raised several complaints already/,
      );
      const [{ count }] = await query<{ count: number }>(
        api,
        'SELECT count(*)::int AS count FROM complaints WHERE user_id = $1',
        [retailer.user.id],
      );
      expect(count).toBe(5);
    });

    it.each([
      ['a short subject', 400, '/user/complaints/raise', { subject: 'ab', text: 'x' }],
      [
        'a text too long',
        400,
        '/user/complaints/raise',
        { subject: 'abc', text: 'x'.repeat(2001) },
      ],
      [
        'a transaction id with spaces',
        400,
        '/user/complaints/raise',
        { subject: 'abc', text: 'x', transactionId: 'a b' },
      ],
      ['an unknown action', 400, '/user/complaints/act', { id: randomUUID(), action: 'resolve' }],
      ['a reply without text', 400, '/user/complaints/act', { id: randomUUID(), action: 'reply' }],
      ['an id that is not one', 400, '/user/complaint', { id: 'nope' }],
      ['an unknown complaint', 404, '/user/complaint', { id: randomUUID() }],
    ])('answers %s with %i', async (_name, status, path, body) => {
      const retailer = await signedIn();
      const answer = await post(path, retailer.token, body);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    });

    it('refuses staff input that breaks the rules', async () => {
      const retailer = await signedIn();
      const { body } = await post('/user/complaints/raise', retailer.token, {
        subject: 'Staff input',
        text: 'x',
      });
      const id = body.complaint!.id;
      const notAdmin = await post('/admin/complaints/act', adminToken, {
        id,
        action: 'assign',
        assigneeId: retailer.user.id,
      });
      expect(notAdmin.status).toBe(400);
      expect(notAdmin.body.message).toBe('Complaints can be assigned to active admins only.');
      expect((await post('/admin/complaints/act', adminToken, { id, action: 'note' })).status).toBe(
        400,
      );
      expect((await post('/admin/complaints', adminToken, { status: 'closed' })).status).toBe(400);
      expect((await post('/admin/complaints', retailer.token, {})).status).toBe(403);
    });
  });
});
