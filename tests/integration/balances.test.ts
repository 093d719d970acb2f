import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BalanceMessages, type BalanceUpdate } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  saveBeneficiary,
  streamEvents,
} from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Issue 13: liens, security deposits, overdraft limits and admin debits, through the API on
 * real Postgres: each call, its refusals (a 4xx with its message, nothing moved), exactly once
 * with an Idempotency-Key, audited, pushed live; and the races that matter (lien or overdraft
 * change against a payout) with real parallel requests.
 */
describe('lien, security deposit, overdraft and admin debit', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const sockets = socketClients();

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(async () => {
    sockets.closeAll();
    await api.close();
  });

  const asAdmin = (key: string = randomUUID(), pin = admin.pin) => ({
    ...bearer(adminToken),
    pin,
    'idempotency-key': key,
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = asAdmin()) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers });

  async function retailer(rupees: number) {
    const user = await given(api).user();
    if (rupees) await fund(api, user, rupees * 100);
    return { user, token: await signIn(api, user) };
  }

  const shown = async (token: string) =>
    (await call<Json>(`${api.url}/api/user/checkBalance`, { body: {}, headers: bearer(token) }))
      .body;
  const details = async (userId: string) =>
    (await post('admin/userDetails', { userId }, bearer(adminToken))).body.data.balances;
  const auditCount = async (action: string, subjectId: string) =>
    (
      await query<{ n: number }>(
        api,
        'SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND subject_id = $2',
        [action, subjectId],
      )
    )[0]!.n;

  describe('lien', () => {
    it('places a lien that the top bar shows, cannot be spent, and releases it back', async () => {
      const r = await retailer(1000);
      const live = await sockets.connect(api, { token: r.token });
      const key = randomUUID();
      const placed = await post(
        'admin/lien',
        { userId: r.user.id, amount: '300', reason: 'chargeback' },
        asAdmin(key),
      );
      expect(placed.status).toBe(200);
      expect(placed.body).toMatchObject({
        success: true,
        message: BalanceMessages.lienPlaced,
        data: {
          userId: r.user.id,
          kind: 'lien',
          amount: 300,
          status: 'placed',
          reason: 'chargeback',
        },
      });
      // Pushed live: the balance drops to 700 and the lien reads 300.
      expect(
        await heard<BalanceUpdate>(live, 'balance.updated', (u) => u.lienAmount === 300),
      ).toEqual({
        balance: 700,
        lienAmount: 300,
        securityAmount: 0,
        aepsBalance: 0,
        available: 700,
        overdraftLimit: 0,
        version: expect.any(Number),
      });
      expect(await shown(r.token)).toMatchObject({ balance: 700, lienAmount: 300 });
      expect(await details(r.user.id)).toMatchObject({ wallet: 700, lien: 300, available: 700 });
      expect(await auditCount('lien.place', r.user.id)).toBe(1);
      const statement = await call<Json>(`${api.url}/api/user/ledger`, {
        body: {},
        headers: bearer(r.token),
      });
      expect(statement.body.data).toContainEqual(
        expect.objectContaining({ narration: 'Lien placed', debit: 300, balanceAfter: 700 }),
      );

      // The same request again: the first answer, nothing moved.
      const again = await post(
        'admin/lien',
        { userId: r.user.id, amount: '300', reason: 'chargeback' },
        asAdmin(key),
      );
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotency-hit')).toBe('true');
      expect(again.body.data.id).toBe(placed.body.data.id);
      // The same key with another body is refused.
      const other = await post(
        'admin/lien',
        { userId: r.user.id, amount: '301', reason: 'chargeback' },
        asAdmin(key),
      );
      expect(other.status).toBe(409);
      expect(await streamEvents(api, `lien:${placed.body.data.id}`)).toEqual(['lien.placed']);

      // The lien cannot be spent: a transfer of 701 is refused, 700 goes.
      const other2 = await given(api).user();
      const send = (amount: number) =>
        call<Json>(`${api.url}/api/user/sendMoneyToWallet`, {
          body: { mobile: other2.mobile, amount },
          headers: { ...bearer(r.token), pin: r.user.pin, 'idempotency-key': randomUUID() },
        });
      expect((await send(701)).status).toBe(422);
      expect((await send(700)).status).toBe(200);
      expect(await shown(r.token)).toMatchObject({ balance: 0, lienAmount: 300 });

      // Released back: the wallet has the 300 again.
      const releaseKey = randomUUID();
      const released = await post(
        'admin/lien/release',
        { id: placed.body.data.id, reason: 'dispute settled' },
        asAdmin(releaseKey),
      );
      expect(released.status).toBe(200);
      expect(released.body).toMatchObject({
        message: BalanceMessages.lienReleased,
        data: { status: 'released', releaseReason: 'dispute settled' },
      });
      expect(await shown(r.token)).toMatchObject({ balance: 300, lienAmount: 0 });
      const replay = await post(
        'admin/lien/release',
        { id: placed.body.data.id, reason: 'dispute settled' },
        asAdmin(releaseKey),
      );
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotency-hit')).toBe('true');
      const twice = await post('admin/lien/release', { id: placed.body.data.id, reason: 'again' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(BalanceMessages.lienAlreadyReleased);
      expect(await shown(r.token)).toMatchObject({ balance: 300, lienAmount: 0 });
      expect(await streamEvents(api, `lien:${placed.body.data.id}`)).toEqual([
        'lien.placed',
        'lien.released',
      ]);

      const listed = await post('admin/holdings', { userId: r.user.id }, bearer(adminToken));
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0]).toMatchObject({ kind: 'lien', status: 'released' });
    });

    it.each([
      [{ userId: undefined, amount: 10, reason: 'x' }, 400, BalanceMessages.userRequired],
      [{ userId: 'USER', amount: 10, reason: 'x' }, 400, BalanceMessages.userRequired],
      [{ amount: 0, reason: 'x' }, 400, 'Amount must be greater than zero.'],
      [{ amount: 'ten', reason: 'x' }, 400, 'Please enter a valid amount'],
      [{ amount: 10 }, 400, BalanceMessages.reasonRequired],
      [{ amount: 10, reason: '  ' }, 400, BalanceMessages.reasonRequired],
      [{ amount: 10, reason: 'x'.repeat(201) }, 400, BalanceMessages.reasonTooLong],
    ])('refuses %j with %i %j', async (body, status, message) => {
      const r = await retailer(50);
      const answer = await post('admin/lien', { userId: r.user.id, ...body });
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
      expect(await accountOf(api, r.user.id)).toMatchObject({ posted: 5000, pending: 0 });
    });

    it('refuses a wrong PIN, a missing key, a non-admin and an unknown user', async () => {
      const r = await retailer(50);
      const body = { userId: r.user.id, amount: 10, reason: 'x' };
      expect((await post('admin/lien', body, asAdmin(randomUUID(), '0000'))).status).toBe(422);
      const noKey = await post('admin/lien', body, { ...bearer(adminToken), pin: admin.pin });
      expect(noKey.status).toBe(400);
      const byRetailer = await post('admin/lien', body, {
        ...bearer(r.token),
        pin: r.user.pin,
        'idempotency-key': randomUUID(),
      });
      expect(byRetailer.status).toBe(403);
      const unknown = await post('admin/lien', { ...body, userId: randomUUID() });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('User not found');
      const release = await post('admin/lien/release', { id: randomUUID(), reason: 'x' });
      expect(release.status).toBe(404);
      expect(release.body.message).toBe(BalanceMessages.lienNotFound);
      expect(await accountOf(api, r.user.id)).toMatchObject({ posted: 5000, pending: 0 });
    });
  });

  it('shows a distributor the liens of its own network only', async () => {
    const distributor = await given(api).user({ role: 'sdistributor', services: [] });
    const token = await signIn(api, distributor);
    const mine = await given(api).user({ parent: distributor });
    const outsider = await retailer(100);
    await fund(api, mine, 10000);
    await post('admin/lien', { userId: mine.id, amount: 10, reason: 'x' });
    const own = await post('admin/holdings', { userId: mine.id }, bearer(token));
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
    const other = await post('admin/holdings', { userId: outsider.user.id }, bearer(token));
    expect([other.status, other.body.message]).toEqual([404, 'User not found']);
    // A distributor reads them; only admins place them.
    const place = await post(
      'admin/lien',
      { userId: mine.id, amount: 10, reason: 'x' },
      { ...bearer(token), pin: distributor.pin, 'idempotency-key': randomUUID() },
    );
    expect(place.status).toBe(403);
  });

  describe('security deposit', () => {
    it('holds a deposit into the security account and releases it, each an event', async () => {
      const r = await retailer(2000);
      const held = await post('admin/securityDeposit', {
        userId: r.user.id,
        amount: 500,
        reason: 'onboarding deposit',
      });
      expect(held.status).toBe(200);
      expect(held.body).toMatchObject({
        message: BalanceMessages.depositHeld,
        data: { kind: 'security', amount: 500, status: 'placed' },
      });
      expect(await shown(r.token)).toMatchObject({ balance: 1500, securityAmount: 500 });
      expect(await details(r.user.id)).toMatchObject({ wallet: 1500, security: 500 });

      const released = await post('admin/securityDeposit/release', {
        id: held.body.data.id,
        reason: 'left the network',
      });
      expect(released.status).toBe(200);
      expect(released.body.message).toBe(BalanceMessages.depositReleased);
      expect(await shown(r.token)).toMatchObject({ balance: 2000, securityAmount: 0 });
    });
  });

  describe('overdraft', () => {
    it('sets a limit the wallet may spend down to, refuses one below what it owes, and ends it', async () => {
      const r = await retailer(0);
      // Nothing is posted, so the handler pushes the balance itself: the user hears it.
      const live = await sockets.connect(api, { token: r.token });
      const set = await post('admin/overdraft', {
        userId: r.user.id,
        limit: 500,
        reason: 'trusted',
      });
      expect(set.status).toBe(200);
      // Issue 23: the push says what may be spent now, the limit counted.
      expect(await heard<BalanceUpdate>(live, 'balance.updated')).toEqual({
        balance: 0,
        lienAmount: 0,
        securityAmount: 0,
        aepsBalance: 0,
        available: 500,
        overdraftLimit: 500,
        version: expect.any(Number),
      });
      expect(await shown(r.token)).toMatchObject({
        balance: 0,
        available: 500,
        overdraftLimit: 500,
      });
      expect(set.body).toEqual({
        success: true,
        message: BalanceMessages.overdraftSet,
        data: { userId: r.user.id, overdraftLimit: 500 },
      });
      expect(await details(r.user.id)).toMatchObject({
        wallet: 0,
        overdraftLimit: 500,
        available: 500,
      });
      const listed = await post('admin/overdrafts', {}, bearer(adminToken));
      expect(listed.body.data).toContainEqual(
        expect.objectContaining({ userId: r.user.id, overdraftLimit: 500, available: 500 }),
      );

      const other = await given(api).user();
      const send = (amount: number) =>
        call<Json>(`${api.url}/api/user/sendMoneyToWallet`, {
          body: { mobile: other.mobile, amount },
          headers: { ...bearer(r.token), pin: r.user.pin, 'idempotency-key': randomUUID() },
        });
      expect((await send(400)).status).toBe(200);
      expect((await send(100.01)).status).toBe(422);
      expect(await details(r.user.id)).toMatchObject({ wallet: -400, available: 100 });

      // Paid back, then ended.
      await fund(api, r.user, 40000);
      const ended = await post('admin/overdraft', {
        userId: r.user.id,
        limit: '0',
        reason: 'repaid',
      });
      expect(ended.status).toBe(200);
      expect(ended.body.message).toBe(BalanceMessages.overdraftEnded);
      expect(await details(r.user.id)).toMatchObject({
        wallet: 0,
        overdraftLimit: 0,
        available: 0,
      });
      expect(await auditCount('overdraft.set', r.user.id)).toBe(2);
      expect(await ledgerViolations(api)).toEqual([]);
    });

    it.each([
      [{ limit: -1 }, BalanceMessages.limitInvalid],
      [{ limit: 'lots' }, BalanceMessages.limitInvalid],
      [{ limit: 1_000_000.01 }, BalanceMessages.limitTooLarge],
      [{}, BalanceMessages.limitInvalid],
    ])('refuses the limit %j with %j', async (body, message) => {
      const r = await retailer(0);
      const answer = await post('admin/overdraft', { userId: r.user.id, reason: 'x', ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    });

    it('is for admins only', async () => {
      const r = await retailer(0);
      const answer = await post(
        'admin/overdraft',
        { userId: r.user.id, limit: 100, reason: 'x' },
        { ...bearer(r.token), pin: r.user.pin, 'idempotency-key': randomUUID() },
      );
      expect(answer.status).toBe(403);
    });
  });

  describe('admin debit', () => {
    it('debits a wallet with a reason, once, with a receipt and an audit entry', async () => {
      const r = await retailer(1000);
      const key = randomUUID();
      const body = { mobile: r.user.mobile, amount: 250.5, reason: 'wrong credit' };
      const debited = await post('admin/debitWallet', body, asAdmin(key));
      expect(debited.status).toBe(200);
      expect(debited.body).toMatchObject({
        success: true,
        message: BalanceMessages.walletDebited,
        transactionRecord: {
          type: 'walletDebit',
          status: 'success',
          direction: 'debit',
          amount: { amount: 250.5 },
          balanceAfter: 749.5,
          payload: { data: { beneficiaryName: 'Khata', remark: 'wrong credit' } },
        },
      });
      const again = await post('admin/debitWallet', body, asAdmin(key));
      expect(again.headers.get('idempotency-hit')).toBe('true');
      expect(await shown(r.token)).toMatchObject({ balance: 749.5 });
      expect(await auditCount('wallet.debit', r.user.id)).toBe(1);

      const tooMuch = await post('admin/debitWallet', { ...body, amount: 749.51 });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.message).toBe(BalanceMessages.debitAboveAvailable);
      const noReason = await post('admin/debitWallet', { mobile: r.user.mobile, amount: 1 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toBe(BalanceMessages.reasonRequired);
      expect(await shown(r.token)).toMatchObject({ balance: 749.5 });
    });
  });

  describe('under parallel requests', () => {
    const payout = (who: { user: GivenUser; token: string }, payee: Json, amount: number) =>
      call<Json>(`${api.url}/api/payment/bankTransfer`, {
        body: {
          amount,
          beneficiaryName: payee.name,
          beneficiaryAccountNumber: payee.accountNumber,
          beneficiaryIfscCode: payee.ifsc,
          paymentMode: 'IMPS',
          confirmDuplicate: true,
        },
        headers: { ...bearer(who.token), pin: who.user.pin, 'idempotency-key': randomUUID() },
      });

    it('a lien and a payout racing for the same money: exactly one wins, never both', async () => {
      for (let round = 0; round < 4; round++) {
        const r = await retailer(1000);
        const payee = await saveBeneficiary(api, r.user);
        // 600 + 15 fee held by the payout, 600 by the lien: 1000 covers one of them.
        const [paid, lien] = await Promise.all([
          payout(r, payee, 600),
          post('admin/lien', { userId: r.user.id, amount: 600, reason: 'race' }),
        ]);
        expect([paid.status, lien.status].sort()).toEqual([200, 422]);
        const account = await accountOf(api, r.user.id);
        expect(account.available).toBeGreaterThanOrEqual(0);
        expect(account.available).toBe(paid.status === 200 ? 100000 - 61500 : 100000 - 60000 - 0);
      }
      expect(await ledgerViolations(api)).toEqual([]);
    });

    it('an overdraft cut and a payout racing: the wallet never ends below its limit', async () => {
      for (let round = 0; round < 4; round++) {
        const r = await retailer(0);
        const payee = await saveBeneficiary(api, r.user);
        expect(
          (await post('admin/overdraft', { userId: r.user.id, limit: 1000, reason: 'float' }))
            .status,
        ).toBe(200);
        // The payout needs 815 of the limit; the cut to 100 needs the wallet to owe at most 100.
        const [paid, cut] = await Promise.all([
          payout(r, payee, 800),
          post('admin/overdraft', { userId: r.user.id, limit: 100, reason: 'cut' }),
        ]);
        expect([paid.status, cut.status].sort()).toEqual([200, 422]);
        const limit = (await details(r.user.id)).overdraftLimit;
        const account = await accountOf(api, r.user.id);
        expect(account.available + limit * 100).toBeGreaterThanOrEqual(0);
        expect(limit).toBe(paid.status === 200 ? 1000 : 100);
      }
      expect(await ledgerViolations(api)).toEqual([]);
    });
  });
});
