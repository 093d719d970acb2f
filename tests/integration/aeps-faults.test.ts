import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { AepsMessages } from '@khata/domain';
import { startApiChild, urlOf, type ApiChild } from '../support/api-processes.js';
import { testAadhaar, testPid } from '../support/aeps.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountOf, ledgerViolations, streamEvents } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';
import { AepsSweeper } from '../../apps/api/src/aeps/aeps-sweeper.js';

interface Txn {
  id: string;
  status: string;
  message: string | null;
}
type Answer = { message?: string; data: Txn };

/**
 * AEPS under faults (issue 26), on `main` processes of their own beside the test API:
 *
 * - a process killed with SIGKILL after the provider took a withdrawal and before its answer
 *   reached the ledger. The Aadhaar number and the PID block died with it (they live only in
 *   that process's PidVault); the sweep's status enquiry settles the transaction from the
 *   provider's book, credits the AEPS balance and pays the commission once, never sends again;
 * - a process logging at debug in JSON through registration, daily authentication and every
 *   kind of answer a transaction gets: no log line holds an Aadhaar number (spaced or not) or a
 *   PID block's data, while the request lines are there (so a leak would be seen).
 */
describe('AEPS faults: a killed process and the logs', () => {
  let api: TestApi;
  let distributor: GivenUser;
  const clock = new MovableClock();

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { clock });
    const admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  const post = <T = Answer>(url: string, path: string, token: string, body: object, headers = {}) =>
    call<T>(`${url}/api/aeps/${path}`, { body, headers: { ...bearer(token), ...headers } });

  /** A shop registered for AEPS and authenticated for today, through `url`. */
  async function shop(url: string, agentAadhaar = testAadhaar(), pids = [testPid(), testPid()]) {
    const user = await given(api).user({ parent: distributor });
    const token = await signIn(api, user);
    const registered = await post(url, 'agent/register', token, {
      aadhaar: agentAadhaar,
      pid: pids[0],
    });
    expect(registered.status).toBe(200);
    expect((await post(url, 'agent/daily-auth', token, { pid: pids[1] })).status).toBe(200);
    return { user, token };
  }

  const transact = (url: string, token: string, body: object, pid = testPid()) =>
    post(
      url,
      'transactions',
      token,
      { bankIin: '607094', mobile: '9876543210', pid, ...body },
      { 'idempotency-key': randomUUID() },
    );

  async function count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await query<{ n: string }>(api, sql, params);
    return Number(row!.n);
  }

  async function commissionOf(userId: string): Promise<number> {
    const [row] = await query<{ posted: string }>(
      api,
      `SELECT credits_posted - debits_posted AS posted FROM ledger_accounts
        WHERE owner_id = $1 AND kind = 'commission'`,
      [userId],
    );
    return Number(row?.posted ?? 0);
  }

  describe('a process killed with SIGKILL between the provider’s answer and the ledger', () => {
    let child: ApiChild | undefined;
    afterAll(async () => {
      await child?.stop('SIGKILL');
    });

    it('is settled by the sweep’s enquiry: credited once, commission once, sent once', async () => {
      const counter = await shop(api.url);
      const walletBefore = (await accountOf(api, counter.user.id, 'wallet')).available;
      const distributorBefore = await commissionOf(distributor.id);
      // A slow provider: it takes the withdrawal into its book, then waits ten minutes.
      child = startApiChild(api, 'main', { RAIL_SANDBOX_LATENCY_MS: '600000' });
      const url = await urlOf(child);
      const answered = transact(url, counter.token, {
        kind: 'withdrawal',
        aadhaar: testAadhaar(),
        amount: 2500,
      }).then(
        () => 'answered',
        () => 'no answer',
      );

      const id = await eventually(async () => {
        const [row] = await query<{ id: string }>(
          api,
          `SELECT t.id FROM aeps_transactions t
             JOIN sandbox_aeps_transactions s ON s.reference = t.id::text
            WHERE t.user_id = $1`,
          [counter.user.id],
        );
        return row?.id;
      }, 60_000);
      expect(await child.stop('SIGKILL')).toBeNull();
      child = undefined;
      // The shop never heard an answer; the transaction is processing, nothing is credited.
      expect(await answered).toBe('no answer');
      const row = async () =>
        (
          await query<{ status: string; sends: number }>(
            api,
            'SELECT status, sends FROM aeps_transactions WHERE id = $1',
            [id],
          )
        )[0]!;
      expect(await row()).toEqual({ status: 'processing', sends: 1 });
      expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(0);
      expect(await streamEvents(api, `aeps:${id}`)).toEqual([]);

      // The sweep, past the stale time (and the child's clock's head start), asks the provider.
      clock.advance({ seconds: api.config.aeps.staleAfterMs / 1000 + 60 });
      const sweeper = api.app.get(AepsSweeper);
      const settled = await eventually(async () => {
        await sweeper.sweep();
        const now = await row();
        return now.status === 'processing' ? undefined : now;
      }, 30_000);
      expect(settled).toEqual({ status: 'processed', sends: 1 });
      await sweeper.sweep();

      expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(250_000);
      // ₹13 on ₹2,500: the shop's ₹11.50 less 20% TDS, the distributor's ₹1 less 20%.
      const walletAfter = (await accountOf(api, counter.user.id, 'wallet')).available;
      expect(walletAfter - walletBefore).toBe(920);
      expect((await commissionOf(distributor.id)) - distributorBefore).toBe(80);
      expect(await streamEvents(api, `aeps:${id}`)).toHaveLength(1);
      const calls = (call: string) =>
        count('SELECT count(*) AS n FROM sandbox_aeps_calls WHERE reference = $1 AND call = $2', [
          id,
          call,
        ]);
      expect(await calls('send')).toBe(1);
      expect(await calls('status')).toBeGreaterThanOrEqual(1);
      expect(await ledgerViolations(api)).toEqual([]);
    }, 150_000);
  });

  describe('the logs of a process serving AEPS at debug level', () => {
    let child: ApiChild;
    let url: string;
    beforeAll(async () => {
      child = startApiChild(api, 'main', { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
      url = await urlOf(child);
    }, 120_000);
    afterAll(async () => {
      await child?.stop();
    });

    it('never hold an Aadhaar number or a PID block, and do hold the requests', async () => {
      const marker = () => `PIDDATA${randomUUID().replace(/-/g, '')}`;
      const markers = [marker(), marker(), marker(), marker(), marker(), marker()];
      const aadhaars = {
        agent: testAadhaar(),
        paid: testAadhaar(),
        poor: testAadhaar('01'),
        slow: testAadhaar('03'),
        wrong: '',
      };
      aadhaars.wrong = aadhaars.paid.slice(0, 11) + ((Number(aadhaars.paid[11]) + 1) % 10);
      const counter = await shop(url, aadhaars.agent, [testPid(markers[0]), testPid(markers[1])]);
      const { token } = counter;

      const withdrawal = { kind: 'withdrawal', amount: 1000 };
      // Sent again below: a capture used once is refused (409).
      const paidPid = testPid(markers[2]);
      const paid = await transact(url, token, { ...withdrawal, aadhaar: aadhaars.paid }, paidPid);
      expect(paid.body.data.status).toBe('processed');
      const poor = await transact(
        url,
        token,
        { ...withdrawal, aadhaar: aadhaars.poor },
        testPid(markers[3]),
      );
      expect(poor.body.data.status).toBe('failed');
      const slow = await transact(
        url,
        token,
        { ...withdrawal, aadhaar: aadhaars.slow },
        testPid(markers[4]),
      );
      expect(slow.body).toMatchObject({
        message: AepsMessages.pending,
        data: { status: 'processing' },
      });
      const replayed = await transact(
        url,
        token,
        { ...withdrawal, aadhaar: aadhaars.paid },
        paidPid,
      );
      expect(replayed.status).toBe(409);
      const bad = await transact(
        url,
        token,
        { ...withdrawal, aadhaar: aadhaars.wrong },
        testPid(markers[5]),
      );
      expect(bad.status).toBe(400);

      // The last answer's line may reach the pipe just after the answer: wait for it.
      await child.waitFor(/"statusCode":400/, 10_000);
      const output = child.output();
      for (const path of ['agent/register', 'agent/daily-auth', 'transactions']) {
        expect(output).toContain(`"url":"/api/aeps/${path}"`);
      }
      expect(output).toContain('"statusCode":409');
      // The money moved too: the lines were written while the customers' numbers were in use.
      expect(output).toMatch(/AEPS transaction \S+ processing → processed/);
      const secrets = Object.values(aadhaars).flatMap((number) => [
        number,
        number.replace(/(\d{4})(?=\d)/g, '$1 '),
      ]);
      for (const secret of [...secrets, ...markers]) expect(output).not.toContain(secret);
    }, 120_000);
  });
});
