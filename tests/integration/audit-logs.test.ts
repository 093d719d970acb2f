import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditLogMessages, indiaDay, addDays, type AuditLogAnswer } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// Logs (issue 14): the audit log over real HTTP: filters, paging newest first, admins only,
// secrets never shown, bad filters a 400 with libs/domain's words.

describe('Logs (the audit log)', () => {
  let api: TestApi;
  let admin: GivenUser;
  let dist: GivenUser;
  let retailer: GivenUser;
  let quiet: GivenUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    api = await startTestApi();
    const make = given(api);
    admin = await make.user({ role: 'admin' });
    dist = await make.user({ role: 'distributor', parent: admin });
    retailer = await make.user({ role: 'user', parent: dist });
    quiet = await make.user({ role: 'user', parent: admin });
    for (const user of [admin, dist, retailer, quiet]) tokens.set(user.id, await signIn(api, user));
  });
  afterAll(async () => {
    await api?.close();
  });

  const logs = (user: GivenUser, body: Record<string, unknown> = {}) =>
    call<AuditLogAnswer & { message?: string }>(`${api.url}/api/admin/logs`, {
      headers: bearer(tokens.get(user.id)!),
      body,
    });
  const plant = (action: string, subject: string, details: object, at = 'now()') =>
    query(
      api,
      `INSERT INTO audit_log (occurred_at, action, outcome, actor_id, subject_id, ip, latitude, longitude, details)
       VALUES (${at}, $1, 'success', $2, $3, '203.0.113.7', 28.613900, 77.209000, $4)`,
      [action, admin.id, subject, JSON.stringify(details)],
    );

  it('finds an admin action by action and target, with actor, IP and the words of the action', async () => {
    const deactivated = await call(`${api.url}/api/admin/userStatus`, {
      headers: { ...bearer(tokens.get(admin.id)!), pin: admin.pin },
      body: { userId: retailer.id, status: 'blocked', reason: 'Audit log test' },
    });
    expect(deactivated.status).toBe(200);
    const found = await logs(admin, { action: 'user.deactivate', target: retailer.mobile });
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(1);
    const [row] = found.body.data;
    expect(row).toMatchObject({
      action: 'user.deactivate',
      actionLabel: 'Deactivated a user',
      outcome: 'success',
      actor: { id: admin.id, mobile: admin.mobile, role: 'admin' },
      target: { id: retailer.id, mobile: retailer.mobile, role: 'user' },
      details: { to: 'blocked', reason: 'Audit log test' },
    });
    expect(row!.ip).toBeTruthy();
    expect(found.body.from).toBe(addDays(indiaDay(new Date()), -6));
    expect(found.body.to).toBe(indiaDay(new Date()));
    // By the actor's id and outcome too; another target finds nothing.
    const byActor = await logs(admin, { actor: admin.id, action: 'user.deactivate' });
    expect(byActor.body.data.some((entry) => entry.target?.id === retailer.id)).toBe(true);
    const none = await logs(admin, { action: 'user.deactivate', target: quiet.mobile });
    expect(none.body).toMatchObject({ total: 0, data: [] });
    const failures = await logs(admin, {
      action: 'user.deactivate',
      target: retailer.id,
      outcome: 'failure',
    });
    expect(failures.body.total).toBe(0);
  });

  it('pages newest first on the server, by India days, with the map link or none', async () => {
    for (let n = 0; n < 5; n += 1) {
      await plant('user.services', quiet.id, { n }, `now() - interval '${n} minutes'`);
    }
    await plant('user.services', quiet.id, { n: 'old' }, `now() - interval '40 days'`);
    await query(
      api,
      `INSERT INTO audit_log (action, outcome, actor_id, subject_id, details)
       VALUES ('user.services', 'failure', $1, $2, '{"n": "nowhere"}')`,
      [admin.id, quiet.id],
    );
    const first = await logs(admin, { target: quiet.id, action: 'user.services', pageSize: 2 });
    expect(first.body.total).toBe(6);
    expect(first.body.data.map((row) => row.details.n)).toEqual(['nowhere', 0]);
    expect(first.body.data[0]!.mapUrl).toBeNull();
    expect(first.body.data[1]!.mapUrl).toBe(
      'https://www.google.com/maps/search/?api=1&query=28.613900,77.209000',
    );
    const third = await logs(admin, {
      target: quiet.id,
      action: 'user.services',
      pageSize: 2,
      page: 3,
    });
    expect(third.body.data.map((row) => row.details.n)).toEqual([3, 4]);
    const today = indiaDay(new Date());
    const wide = await logs(admin, {
      target: quiet.id,
      action: 'user.services',
      from: addDays(today, -60),
      to: today,
    });
    expect(wide.body.total).toBe(7);
  });

  it('never shows a secret, whatever the details hold', async () => {
    const subject = randomUUID();
    await plant('credentials.reset', subject, {
      pin: '1234',
      password: 'Secret@123',
      pinHash: '$argon2id$x',
      nested: { otp: '123456', apiKey: 'kh_live_x' },
      linkTokenId: 'link-1',
      what: 'pin',
      set: { pin: true },
    });
    const found = await logs(admin, { target: subject });
    const text = JSON.stringify(found.body.data);
    for (const secret of ['1234', 'Secret@123', 'argon2id', '123456', 'kh_live_x']) {
      expect(text).not.toContain(secret);
    }
    expect(found.body.data[0]!.details).toMatchObject({
      pin: '[hidden]',
      linkTokenId: 'link-1',
      what: 'pin',
      set: { pin: true },
    });
    // A real reset's entry holds no PIN or password in the first place.
    const real = await query<{ details: object }>(
      api,
      `SELECT details FROM audit_log
        WHERE action IN ('credentials.set', 'credentials.reset', 'pin.change') AND subject_id <> $1`,
      [subject],
    );
    for (const { details } of real) expect(JSON.stringify(details)).not.toMatch(/\d{4,}/);
  });

  it('shows a lien and a debit in rupees with labels, new entries and older ones alike', async () => {
    const owner = await given(api).user({ role: 'user', parent: admin });
    await fund(api, owner, 20_000_00);
    const money = (path: string, body: object) =>
      call<{ transactionRecord?: { _id: string; payload: { orderID: string } } }>(
        `${api.url}/api/admin/${path}`,
        {
          headers: {
            ...bearer(tokens.get(admin.id)!),
            pin: admin.pin,
            'idempotency-key': randomUUID(),
          },
          body,
        },
      );
    const lien = await money('lien', { userId: owner.id, amount: '10000', reason: 'chargeback' });
    expect(lien.status).toBe(200);
    const debit = await money('debitWallet', {
      mobile: owner.mobile,
      amount: 250,
      reason: 'wrong credit',
    });
    expect(debit.status).toBe(200);
    // Entries as they were written before issue 23: paise under a lien, rupees under a debit.
    await plant('lien.place', owner.id, {
      holdingId: randomUUID(),
      amount: 1_000_000,
      reason: 'old lien',
      seq: 42,
    });
    const record = debit.body.transactionRecord!;
    await plant('wallet.debit', owner.id, {
      eventId: record._id,
      amount: 250,
      reason: 'old debit',
    });

    // Lines in one order whatever order the entry's JSON keeps: amount, order id, reason.
    const lines = async (action: string) =>
      (await logs(admin, { action, target: owner.id })).body.data.map((row) => row.lines);
    const byReason = (rows: { label: string; value: string }[][], reason: string) =>
      rows.find((row) => row.some((line) => line.value === reason));
    const liens = await lines('lien.place');
    const newLien = byReason(liens, 'chargeback');
    const oldLien = byReason(liens, 'old lien');
    expect(newLien).toEqual([
      { label: 'Amount', value: '₹10,000.00' },
      { label: 'Order ID', value: expect.stringMatching(/^KH\d{10}$/) },
      { label: 'Reason', value: 'chargeback' },
    ]);
    expect(oldLien).toEqual([
      { label: 'Amount', value: '₹10,000.00' },
      { label: 'Order ID', value: 'KH0000000042' },
      { label: 'Reason', value: 'old lien' },
    ]);
    const debits = await lines('wallet.debit');
    const newDebit = byReason(debits, 'wrong credit');
    const oldDebit = byReason(debits, 'old debit');
    expect(newDebit).toEqual([
      { label: 'Amount', value: '₹250.00' },
      { label: 'Order ID', value: record.payload.orderID },
      { label: 'Reason', value: 'wrong credit' },
    ]);
    expect(oldDebit).toEqual([
      { label: 'Amount', value: '₹250.00' },
      { label: 'Order ID', value: record.payload.orderID },
      { label: 'Reason', value: 'old debit' },
    ]);
    // No UUID reaches the words a reader sees.
    const words = JSON.stringify([newLien, oldLien, newDebit, oldDebit]);
    expect(words).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('answers 403 to a distributor and a retailer', async () => {
    expect((await logs(dist)).status).toBe(403);
    expect((await logs(quiet)).status).toBe(403);
  });

  it('refuses bad filters with a 400 and its message', async () => {
    const today = indiaDay(new Date());
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'user.delete-everything' }, AuditLogMessages.actionInvalid],
      [{ actor: 'abc' }, AuditLogMessages.personInvalid],
      [{ target: 12345 }, AuditLogMessages.personInvalid],
      [{ outcome: 'maybe' }, AuditLogMessages.outcomeInvalid],
      [{ from: '2026-02-30' }, AuditLogMessages.dateInvalid],
      [{ from: today, to: addDays(today, -1) }, AuditLogMessages.rangeBackwards],
      [{ from: addDays(today, -92), to: today }, AuditLogMessages.rangeTooLong],
      [{ pageSize: 500 }, AuditLogMessages.pageSizeInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await logs(admin, body);
      expect({ body, status: answer.status, message: answer.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect((await logs(admin, { sql: 'DROP TABLE users' })).status).toBe(400);
    expect((await logs(admin, { from: addDays(today, -91), to: today })).status).toBe(200);
  });
});
