import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventBus } from '@nestjs/cqrs';
import type { BalanceUpdate, HandshakeRefusal } from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../../apps/api/src/app.module.js';
import { SessionTokens } from '../../apps/api/src/auth/session-tokens.js';
import { RealtimeGateway } from '../../apps/api/src/realtime/realtime.gateway.js';
import { ADMIN_ROOM } from '../../apps/api/src/realtime/rooms.js';
import { SocketEmitter } from '../../apps/api/src/realtime/socket-emitter.js';
import { socketChannelKey } from '../../apps/api/src/realtime/socket-redis.js';
import type { TransactionRecord } from '../../apps/api/src/transactions/transaction-record.js';
import { TransactionsProjectedEvent } from '../../apps/api/src/transactions/transactions-projected.event.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { disconnected, heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

describe('live updates over socket.io', () => {
  let api: TestApi;
  let second: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const clients = socketClients();
  const connect = clients.connect;

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

  /** The handshake's refusal, as the client sees it. */
  async function refusal(
    auth: Record<string, unknown>,
  ): Promise<{ message: string; data: unknown }> {
    const error = await connect(api, auth).then(
      () => {
        throw new Error('the handshake was accepted');
      },
      (error: Error & { data?: HandshakeRefusal }) => error,
    );
    return { message: error.message, data: error.data };
  }

  async function signedInSocket(user: GivenUser, on: TestApi = api) {
    const token = await signIn(api, user);
    return { token, listener: await connect(on, { token }) };
  }

  const credit = (user: GivenUser, amount: number) =>
    call(`${api.url}/api/admin/creditWallet`, {
      body: { mobile: user.mobile, amount, remark: 'float' },
      headers: { ...bearer(adminToken), pin: admin.pin, 'idempotency-key': randomUUID() },
    }).then((answer) => expect(answer.status).toBe(200));

  const userBalance = async (token: string) =>
    (
      await call<Record<string, unknown>>(`${api.url}/api/user/checkBalance`, {
        headers: bearer(token),
        body: {},
      })
    ).body;

  function record(id: string, status: TransactionRecord['status'] = 'queued'): TransactionRecord {
    const now = new Date().toISOString();
    return {
      _id: id,
      type: 'payout',
      status,
      direction: 'debit',
      amount: { amount: 100 },
      fee: 5,
      createdAt: now,
      updatedAt: now,
      payload: { orderID: 'KH0000000001', data: { beneficiaryName: 'Asha' } },
      externalRef: null,
      txnReferenceId: id,
      remitterMobile: null,
      balanceAfter: null,
      message: null,
      counterparty: { name: 'Asha', reference: null },
      balanceChange: 0,
      onHold: 105,
    };
  }

  const projected = (
    on: { get: INestApplicationContext['get'] },
    event: TransactionsProjectedEvent,
  ) => on.get(EventBus).publish(event);

  describe('the handshake', () => {
    it('refuses a socket without a token, like an HTTP call without one (no code)', async () => {
      expect(await refusal({})).toEqual({
        message: 'Please login to continue',
        data: { message: 'Please login to continue' },
      });
    });

    it.each([
      ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.bm90LWEtc2lnbmF0dXJl'],
      ['a token that is not a JWT', 'not-a-token'],
    ])('refuses %s with code 2211', async (_name, token) => {
      expect((await refusal({ token })).data).toEqual({
        message: 'Your session has ended. Please login again.',
        code: 2211,
      });
    });

    it('treats a token that is not a string as no token', async () => {
      expect((await refusal({ token: 12345 })).data).toEqual({
        message: 'Please login to continue',
      });
    });

    it('refuses the token of a session that was logged out, with code 2211', async () => {
      const user = await given(api).user();
      const token = await signIn(api, user);
      await connect(api, { token }); // accepted while the session lives
      const logout = await call(`${api.url}/api/auth/logout`, { headers: bearer(token), body: {} });
      expect(logout.status).toBe(200);
      expect(await refusal({ token })).toEqual({
        message: 'Your session has ended. Please login again.',
        data: { message: 'Your session has ended. Please login again.', code: 2211 },
      });
    });

    it('refuses the live session of a user who was blocked since, with code 2211', async () => {
      const user = await given(api).user();
      const token = await signIn(api, user);
      await query(api, `UPDATE users SET status = 'blocked' WHERE id = $1`, [user.id]);
      expect((await refusal({ token })).data).toMatchObject({ code: 2211 });
    });
  });

  describe('transaction.updated and balance.updated', () => {
    it("reach the user's sockets with the balance call's numbers, and no other user's", async () => {
      const alice = await given(api).user();
      const bob = await given(api).user();
      await credit(alice, 1500.5);
      const a = await signedInSocket(alice);
      const b = await signedInSocket(bob);

      const aliceRecord = record(randomUUID());
      projected(
        api.app,
        new TransactionsProjectedEvent([{ userId: alice.id, record: aliceRecord }], [alice.id]),
      );
      expect(
        await heard(
          a.listener,
          'transaction.updated',
          (r: TransactionRecord) => r._id === aliceRecord._id,
        ),
      ).toEqual(aliceRecord);
      const balance = await heard<BalanceUpdate>(
        a.listener,
        'balance.updated',
        (u) => u.balance === 1500.5,
      );
      const http = await userBalance(a.token);
      // Issue 23: the push and the answer carry the same figures and the same ledger version.
      expect(balance).toEqual({
        balance: http.balance,
        lienAmount: http.lienAmount,
        securityAmount: http.securityAmount,
        // Issue 26: the AEPS balance too, as the user balance call answers it.
        aepsBalance: http.aepsBalance,
        available: http.available,
        overdraftLimit: http.overdraftLimit,
        version: http.version,
      });
      expect(balance).toMatchObject({ balance: 1500.5, lienAmount: 0, securityAmount: 0 });

      // Bob's event goes out after Alice's were delivered, on the same connection: once he has
      // his, anything of Alice's sent to him would have reached him first.
      const bobRecord = record(randomUUID());
      projected(
        api.app,
        new TransactionsProjectedEvent([{ userId: bob.id, record: bobRecord }], [bob.id]),
      );
      await heard(
        b.listener,
        'transaction.updated',
        (r: TransactionRecord) => r._id === bobRecord._id,
      );
      await heard<BalanceUpdate>(b.listener, 'balance.updated');
      expect(b.listener.heard).toEqual([
        { event: 'transaction.updated', data: bobRecord },
        {
          event: 'balance.updated',
          data: expect.objectContaining({ balance: 0, lienAmount: 0, securityAmount: 0 }),
        },
      ]);
      expect(JSON.stringify(a.listener.heard)).not.toContain(bobRecord._id);
    });

    it('give admin-type roles the admin balance call: main balance plus profit areas', async () => {
      const boss = await given(api).user({ role: 'sdistributor', services: [] });
      await credit(boss, 200);
      // Commission earned: the admin balance call adds it to `balance`, not to `mainBalance`.
      const ledger = api.app.get(Ledger);
      await ledger.append({
        type: 'test.commission',
        stream: `test:${randomUUID()}`,
        legs: [
          { accountId: await ledger.userAccount(boss.id, 'commission'), amount: 1250 },
          { accountId: await ledger.systemAccount('system:funding'), amount: -1250 },
        ],
      });
      const s = await signedInSocket(boss);
      projected(api.app, new TransactionsProjectedEvent([], [boss.id]));

      const update = await heard<BalanceUpdate>(
        s.listener,
        'balance.updated',
        (u) => u.mainBalance === 200,
      );
      const http = await call<{
        balance: number;
        accountDetails: { balance: { mainBalance: number } };
      }>(`${api.url}/api/admin/checkBalance`, { headers: bearer(s.token), body: {} });
      expect(update).toMatchObject({
        balance: 212.5,
        mainBalance: 200,
        lienAmount: 0,
        securityAmount: 0,
      });
      expect(update).toMatchObject({
        balance: http.body.balance,
        mainBalance: http.body.accountDetails.balance.mainBalance,
        lienAmount: 0,
        securityAmount: 0,
      });
    });

    it('reach a socket on another API process', async () => {
      const user = await given(api).user();
      const s = await signedInSocket(user, second);
      const sent = record(randomUUID(), 'processed');
      projected(
        api.app,
        new TransactionsProjectedEvent([{ userId: user.id, record: sent }], [user.id]),
      );
      expect(
        await heard(
          s.listener,
          'transaction.updated',
          (r: TransactionRecord) => r._id === sent._id,
        ),
      ).toEqual(sent);
      await heard(s.listener, 'balance.updated');
    });

    it('follow a real wallet credit, from the API call to the socket on another process', async () => {
      const user = await given(api).user();
      const s = await signedInSocket(user, second);
      const answer = await call<{ transactionRecord: TransactionRecord }>(
        `${api.url}/api/admin/creditWallet`,
        {
          body: { mobile: user.mobile, amount: '75.25', remark: 'float' },
          headers: { ...bearer(adminToken), pin: admin.pin, 'idempotency-key': randomUUID() },
        },
      );
      expect(answer.status).toBe(200);
      const sent = await heard(
        s.listener,
        'transaction.updated',
        (r: TransactionRecord) => r._id === answer.body.transactionRecord._id,
      );
      expect(sent).toMatchObject({
        type: 'walletCredit',
        status: 'success',
        amount: { amount: 75.25 },
      });
      expect(await heard<BalanceUpdate>(s.listener, 'balance.updated')).toMatchObject({
        balance: 75.25,
        lienAmount: 0,
        securityAmount: 0,
      });
    });

    it('follow a real wallet transfer to both parties, each with its own balance call', async () => {
      const sender = await given(api).user();
      const boss = await given(api).user({ role: 'sdistributor', services: [] });
      await credit(sender, 100);
      // The boss's commission counts in an admin-type balance call, not in `mainBalance`.
      const ledger = api.app.get(Ledger);
      await ledger.append({
        type: 'test.commission',
        stream: `test:${randomUUID()}`,
        legs: [
          { accountId: await ledger.userAccount(boss.id, 'commission'), amount: 500 },
          { accountId: await ledger.systemAccount('system:funding'), amount: -500 },
        ],
      });
      const s = await signedInSocket(sender);
      const b = await signedInSocket(boss);
      const answer = await call(`${api.url}/api/user/sendMoneyToWallet`, {
        body: { mobile: boss.mobile, amount: 30 },
        headers: { ...bearer(s.token), pin: sender.pin, 'idempotency-key': randomUUID() },
      });
      expect(answer.status).toBe(200);
      const senderUpdate = await heard<BalanceUpdate>(
        s.listener,
        'balance.updated',
        (u) => u.balance === 70,
      );
      const http = await userBalance(s.token);
      expect(senderUpdate).toMatchObject({
        balance: http.balance,
        lienAmount: http.lienAmount,
        securityAmount: http.securityAmount,
      });
      expect(senderUpdate).toMatchObject({ balance: 70, lienAmount: 0, securityAmount: 0 });
      const bossUpdate = await heard<BalanceUpdate>(
        b.listener,
        'balance.updated',
        (u) => u.mainBalance === 30,
      );
      expect(bossUpdate).toMatchObject({
        balance: 35,
        mainBalance: 30,
        lienAmount: 0,
        securityAmount: 0,
      });
      expect(b.listener.heard.map((each) => each.event)).toContain('transaction.updated');
    });

    it('refuse a client that can only long-poll: its next request may reach another process', async () => {
      const user = await given(api).user();
      const token = await signIn(api, user);
      await expect(connect(api, { token }, ['polling'])).rejects.toThrow();
      // The same client over websocket is let in.
      expect((await connect(api, { token })).socket.connected).toBe(true);
    });

    it('are sent by a worker process, which serves no sockets itself', async () => {
      const worker = await NestFactory.createApplicationContext(
        AppModule.forRoot({ ...api.config, processRole: 'worker' }),
        { logger: false },
      );
      try {
        expect(() => worker.get(RealtimeGateway, { strict: false })).toThrow();
        const user = await given(api).user();
        const s = await signedInSocket(user, second);
        const sent = record(randomUUID(), 'reversed');
        projected(
          worker,
          new TransactionsProjectedEvent([{ userId: user.id, record: sent }], [user.id]),
        );
        await heard(
          s.listener,
          'transaction.updated',
          (r: TransactionRecord) => r._id === sent._id,
        );
        await heard(s.listener, 'balance.updated');
      } finally {
        await worker.close();
      }
    });
  });

  it('notice.posted reaches every signed-in socket, or the users it names', async () => {
    const [one, two] = [await given(api).user(), await given(api).user()];
    const s1 = await signedInSocket(one);
    const s2 = await signedInSocket(two, second);
    const emitter = api.app.get(SocketEmitter, { strict: false });

    const toOne = { id: randomUUID(), title: 'For one', body: 'Only you' };
    emitter.noticePosted(toOne, [one.id]);
    const toAll = { id: randomUUID(), title: 'Maintenance', body: 'Tonight 11 pm' };
    emitter.noticePosted(toAll);

    expect(
      await heard(s1.listener, 'notice.posted', (n: { id: string }) => n.id === toAll.id),
    ).toEqual(toAll);
    expect(
      await heard(s2.listener, 'notice.posted', (n: { id: string }) => n.id === toAll.id),
    ).toEqual(toAll);
    expect(
      await heard(s1.listener, 'notice.posted', (n: { id: string }) => n.id === toOne.id),
    ).toEqual(toOne);
    expect(JSON.stringify(s2.listener.heard)).not.toContain(toOne.id);
  });

  it("puts admins' sockets, and only theirs, in the room role:admin", async () => {
    const colleague = await given(api).user({ role: 'admin', services: [] });
    const boss = await given(api).user({ role: 'sdistributor', services: [] });
    const adminSocket = await signedInSocket(colleague, second);
    const bossSocket = await signedInSocket(boss);
    const redis = new Redis(api.config.redisUrl);
    try {
      const emitter = new Emitter(redis, { key: socketChannelKey(api.config) });
      const notice = { id: randomUUID(), title: 'Admins', body: 'Only admins' };
      emitter.to(ADMIN_ROOM).emit('notice.posted', notice);
      // Sent after, on the same connection: once the super distributor has it, the admins'
      // notice would have reached him too.
      emitter.to(`user:${boss.id}`).emit('notice.posted', { ...notice, id: 'next' });
      expect(await heard(adminSocket.listener, 'notice.posted')).toEqual(notice);
      await heard(bossSocket.listener, 'notice.posted', (n: { id: string }) => n.id === 'next');
      expect(JSON.stringify(bossSocket.listener.heard)).not.toContain(notice.id);
    } finally {
      redis.disconnect();
    }
  });

  describe('session.revoked', () => {
    it('on log out of all sessions reaches every socket of every session, on every process, then disconnects them', async () => {
      const user = await given(api).user();
      const other = await given(api).user();
      const first = await signedInSocket(user);
      const firstAgain = await connect(second, { token: first.token }); // same session, other process
      const phone = await signedInSocket(user, second); // another session
      const bystander = await signedInSocket(other);

      const answer = await call(`${api.url}/api/user/logoutAllSessions`, {
        headers: { ...bearer(first.token), pin: user.pin },
        body: {},
      });
      expect(answer.body).toMatchObject({ success: true, message: 'Logged out of 2 sessions.' });

      for (const [listener, reason] of [
        [first.listener, 'logout'],
        [firstAgain, 'logout'],
        [phone.listener, 'signed-out-elsewhere'],
      ] as const) {
        expect(await disconnected(listener)).toBe('io server disconnect');
        // The event came before the disconnect, and it is the only thing the socket heard.
        expect(listener.heard).toEqual([
          { event: 'session.revoked', data: { code: 2211, reason } },
        ]);
      }
      expect(bystander.listener.socket.connected).toBe(true);
      expect(bystander.listener.heard).toEqual([]);
    });

    it("on logging out one session ends only that session's sockets", async () => {
      const user = await given(api).user();
      const laptop = await signedInSocket(user);
      const phone = await signedInSocket(user, second);

      const answer = await call(`${api.url}/api/auth/logout`, {
        headers: bearer(laptop.token),
        body: {},
      });
      expect(answer.status).toBe(200);
      expect(await disconnected(laptop.listener)).toBe('io server disconnect');
      expect(laptop.listener.heard).toEqual([
        { event: 'session.revoked', data: { code: 2211, reason: 'logout' } },
      ]);

      // The phone's session lives on: it still hears its own events.
      const sent = record(randomUUID());
      projected(api.app, new TransactionsProjectedEvent([{ userId: user.id, record: sent }], []));
      await heard(
        phone.listener,
        'transaction.updated',
        (r: TransactionRecord) => r._id === sent._id,
      );
      expect(phone.listener.socket.connected).toBe(true);
    });

    it('ends a socket when its token expires, as HTTP would answer 2211', async () => {
      const user = await given(api).user();
      const token = await signIn(api, user); // a live session to borrow
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sid: string;
      };
      const shortLived = api.app
        .get(SessionTokens, { strict: false })
        // Long enough for the handshake itself to finish on a loaded machine (at 1.5 s CI's
        // containers run once saw the token expire before the socket was accepted).
        .sign({ sub: user.id, sid }, new Date(Date.now() + 4000));
      const listener = await connect(api, { token: shortLived });
      expect(await disconnected(listener)).toBe('io server disconnect');
      expect(listener.heard).toEqual([
        { event: 'session.revoked', data: { code: 2211, reason: 'expired' } },
      ]);
    });
  });
});
