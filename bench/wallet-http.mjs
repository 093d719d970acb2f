// The HTTP part the benchmarks share: wallet senders and recipients made through the API, and
// one ₹1 wallet transfer (`/api/user/sendMoneyToWallet`) with its own Idempotency-Key.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expectOk, forEachLimit, isSuccess, post } from './support.mjs';

/**
 * Through the first API started: senders (employees with the wallet service) registered,
 * signed in and credited, recipients registered; one transfer checked end to end. Answers
 * `status: 'skipped'` with the reason when the endpoints are not there or do not move money.
 */
export async function prepareHttp(port, { senders: senderCount, recipients: recipientCount }) {
  const admin = { mobile: '9800000001', password: 'bench-admin-password', pin: '2468' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const call = (path, body, headers) => post(agent, port, path, body, headers);

  for (const path of ['/api/user/sendMoneyToWallet', '/api/admin/creditWallet']) {
    const probe = await call(path, {});
    if (probe.status === 404) {
      agent.destroy();
      return { status: 'skipped', reason: `endpoint not available (POST ${path} answers 404)` };
    }
  }

  console.log(`\nHTTP setup: ${senderCount} senders, ${recipientCount} recipients on :${port}…`);
  const login = async (mobile, password) => {
    const answer = await call('/api/auth/login', { mobile, password });
    expectOk(answer, `login ${mobile}`);
    return answer.json.token;
  };
  const adminToken = await login(admin.mobile, admin.password);
  const adminAuth = { authorization: `Bearer ${adminToken}` };
  const register = (mobile, role) =>
    call(
      '/api/admin/register-user',
      { name: `Bench ${mobile}`, mobile, password: 'bench-password', pin: '1357', role },
      adminAuth,
    ).then((answer) => expectOk(answer, `register ${mobile}`));
  const senders = Array.from({ length: senderCount }, (_, i) => ({
    mobile: `97${String(i).padStart(8, '0')}`,
  }));
  const recipients = Array.from(
    { length: recipientCount },
    (_, i) => `96${String(i).padStart(8, '0')}`,
  );
  await forEachLimit(senders, 4, (sender) => register(sender.mobile, 'khataEmployee1'));
  await forEachLimit(recipients, 4, (mobile) => register(mobile, 'user'));
  await forEachLimit(senders, 4, async (sender) => {
    sender.token = await login(sender.mobile, 'bench-password');
    const credit = await call(
      '/api/admin/creditWallet',
      // At most ADMIN_APPROVAL_THRESHOLD (₹1,00,000 by default): above it a credit waits for a
      // second admin (202) and moves nothing.
      { mobile: sender.mobile, amount: 100000, remark: 'bench funds' },
      { ...adminAuth, pin: admin.pin, 'idempotency-key': randomUUID() },
    );
    expectOk(credit, `creditWallet ${sender.mobile}`);
    if (credit.status !== 200) {
      throw new Error(`creditWallet ${sender.mobile} answered ${credit.status}: ${credit.text}`);
    }
  });

  const send = (sender, httpAgent) => sendOne(port, sender, recipients, httpAgent);
  // One transfer checked end to end before timing: answered as a success, and the money moved.
  const balanceOf = async (sender) => {
    const answer = await call(
      '/api/user/checkBalance',
      {},
      { authorization: `Bearer ${sender.token}` },
    );
    expectOk(answer, 'checkBalance');
    return Number(answer.json.balance);
  };
  const before = await balanceOf(senders[0]);
  const sample = await send(senders[0], agent);
  if (!isSuccess(sample)) {
    agent.destroy();
    return {
      status: 'skipped',
      reason: `sendMoneyToWallet answered ${sample.status}: ${sample.text.slice(0, 200)}`,
    };
  }
  const moved = before - (await balanceOf(senders[0]));
  if (!(moved >= 1)) {
    agent.destroy();
    return {
      status: 'skipped',
      reason: `sendMoneyToWallet answered success but the balance moved by ${moved}`,
    };
  }
  agent.destroy();
  return { status: 'ok', senders, recipients };
}

/** ₹1 from `sender` to a random recipient, with a new Idempotency-Key. */
export function sendOne(port, sender, recipients, httpAgent) {
  return post(
    httpAgent,
    port,
    '/api/user/sendMoneyToWallet',
    {
      mobile: recipients[Math.floor(Math.random() * recipients.length)],
      amount: 1,
      remark: 'bench',
    },
    {
      authorization: `Bearer ${sender.token}`,
      pin: '1357',
      'idempotency-key': randomUUID(),
    },
  );
}
