import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addDays,
  DatabaseMessages,
  indiaDay,
  indiaDayStart,
  type ChainHeadsAnswer,
  type DatabaseOverview,
  type LedgerKeyAnswer,
  type SignedHeadFile,
  type SignedHeadsAnswer,
  type StartVerifyAnswer,
} from '@khata/domain';
import {
  chainHeadsAt,
  Ledger,
  ledgerHeadDigest,
  publicKeyPem,
  signedHeadMessage,
  signLedgerHead,
  verifyLedger,
  type SqlClient,
} from '@khata/ledger';
import { spawnSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignLedgerHeadHandler } from '../../apps/api/src/ledger/sign-head.job.js';
import { createTestDatabase, newTestPool } from '../support/databases.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { openAccount } from '../support/ledger-accounts.js';
import { fund } from '../support/payouts.js';
import { currentTestRun } from '../support/run.mjs';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

// Database (issue 14): the screen's API over real HTTP, the verify as a background job, the
// daily signed heads of the ledger and what `verifyLedger` makes of them, tampered or not.

/** Noon (IST) of the India day after today: "yesterday" is then today, so today's head is due. */
const tomorrowNoon = () =>
  new Date(indiaDayStart(addDays(indiaDay(new Date()), 1)).getTime() + 6.5 * 3600_000);

describe('Database screen and signed heads', () => {
  let api: TestApi;
  let admin: GivenUser;
  let dist: GivenUser;
  let retailer: GivenUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    api = await startTestApi();
    const make = given(api);
    admin = await make.user({ role: 'admin' });
    dist = await make.user({ role: 'distributor', parent: admin });
    retailer = await make.user({ role: 'user', parent: dist });
    for (const user of [admin, dist, retailer]) tokens.set(user.id, await signIn(api, user));
    await fund(api, retailer, 500_00);
    await fund(api, dist, 1_200_00);
  });
  afterAll(async () => {
    await api?.close();
  });

  const post = <T>(user: GivenUser, path: string, body: Record<string, unknown> = {}) =>
    call<T & { message?: string }>(`${api.url}/api${path}`, {
      headers: bearer(tokens.get(user.id)!),
      body,
    });

  const signedHeadCount = async () =>
    (await query<{ n: number }>(api, 'SELECT count(*)::int AS n FROM ledger_signed_heads'))[0]!.n;

  it('publishes the public key anyone can check a signed head with', async () => {
    const answer = await call<LedgerKeyAnswer>(`${api.url}/api/public/ledger-key`);
    expect(answer.status).toBe(200);
    expect(answer.body.algorithm).toBe('Ed25519');
    expect(answer.body.publicKey).toBe(publicKeyPem(api.config.ledgerSigningKey));
    expect(answer.body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(answer.body.publicKey).not.toMatch(/PRIVATE/);
  });

  it('signs a day once, however many runs race, at the last event of the day', async () => {
    const signer = api.app.get(SignLedgerHeadHandler);
    const at = tomorrowNoon();
    const today = indiaDay(new Date());
    const runs = await Promise.all(Array.from({ length: 6 }, () => signer.signDue(at)));
    expect(runs.flat().map((head) => head.day)).toEqual([today]);
    // The hourly job may also have signed yesterday since the API started: look at today.
    const rows = await query<{ day: string; seq: string }>(
      api,
      'SELECT day::text AS day, seq::text AS seq FROM ledger_signed_heads WHERE day = $1',
      [today],
    );
    const [{ last }] = await query<{ last: string }>(
      api,
      'SELECT max(seq)::text AS last FROM ledger_events',
    );
    expect(rows).toEqual([{ day: today, seq: last }]);
    // A later run has nothing left to sign.
    expect(await signer.signDue(at)).toEqual([]);
    const pool = newTestPool(api.databaseUrl, 2);
    try {
      // More money moves after the signing: the head stays at its seq and still verifies.
      await fund(api, retailer, 7_00);
      const result = await verifyLedger(pool, {
        trustedKeys: [publicKeyPem(api.config.ledgerSigningKey)],
      });
      expect(result.violations).toEqual([]);
      expect(result.checked.signedHeads).toBe(await signedHeadCount());
      expect(result.checked.signedHeads).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.end();
    }
  });

  it('downloads a signed head that checks out with Node and with openssl', async () => {
    const today = indiaDay(new Date());
    const file = await post<SignedHeadFile>(admin, '/admin/database/signedHead', { day: today });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="khata-ledger-head-${today}.json"`,
    );
    const head = file.body;
    expect(head).toMatchObject({
      format: 'khata-ledger-head v1',
      day: today,
      algorithm: 'Ed25519',
    });
    expect(head.message).toBe(
      signedHeadMessage(today, String(head.seq), Buffer.from(head.digest, 'hex')),
    );
    const key = createPublicKey(head.publicKey);
    expect(
      verify(null, Buffer.from(head.message), key, Buffer.from(head.signature, 'base64')),
    ).toBe(true);
    expect(
      verify(
        null,
        Buffer.from(head.message.replace('seq=', 'seq=1')),
        key,
        Buffer.from(head.signature, 'base64'),
      ),
    ).toBe(false);

    const openssl = spawnSync('openssl', ['version']);
    if (openssl.status === 0) {
      // The documented check, step by step (howToCheck), without jq: the same three files.
      const dir = mkdtempSync(join(tmpdir(), 'khata-head-'));
      writeFileSync(join(dir, 'message.txt'), head.message);
      writeFileSync(join(dir, 'signature.bin'), Buffer.from(head.signature, 'base64'));
      writeFileSync(join(dir, 'key.pem'), head.publicKey);
      const check = (message: string) => {
        writeFileSync(join(dir, 'message.txt'), message);
        return spawnSync(
          'openssl',
          [
            'pkeyutl',
            '-verify',
            '-pubin',
            '-inkey',
            'key.pem',
            '-rawin',
            '-in',
            'message.txt',
            '-sigfile',
            'signature.bin',
          ],
          { cwd: dir, encoding: 'utf8' },
        );
      };
      const good = check(head.message);
      expect(good.stdout).toContain('Signature Verified Successfully');
      expect(good.status).toBe(0);
      expect(check(`${head.message} `).status).not.toBe(0);
      expect(head.howToCheck.join('\n')).toContain(
        'openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in message.txt -sigfile signature.bin',
      );
    }

    const listed = await post<SignedHeadsAnswer>(admin, '/admin/database/signedHeads', {});
    expect(listed.body.total).toBe(await signedHeadCount());
    expect(listed.body.data[0]).toMatchObject({ day: today, seq: head.seq, digest: head.digest });

    const missing = await post(admin, '/admin/database/signedHead', { day: '2020-01-01' });
    expect({ status: missing.status, message: missing.body.message }).toEqual({
      status: 404,
      message: DatabaseMessages.noSignedHead('2020-01-01'),
    });
    const bad = await post(admin, '/admin/database/signedHead', { day: '2020-02-30' });
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: DatabaseMessages.badDay,
    });
  });

  it('runs the verify once when pressed twice at once, and shows who ran it and what it found', async () => {
    const presses = await Promise.all([
      post<StartVerifyAnswer>(admin, '/admin/database/verify'),
      post<StartVerifyAnswer>(admin, '/admin/database/verify'),
    ]);
    expect(presses.map((press) => press.status)).toEqual([200, 200]);
    expect(presses.map((press) => press.body.started).sort()).toEqual([false, true]);
    expect(presses[0]!.body.run.id).toBe(presses[1]!.body.run.id);
    const runId = presses[0]!.body.run.id;

    const done = await eventually(async () => {
      const overview = await post<DatabaseOverview>(admin, '/admin/database');
      const run = overview.body.lastVerify;
      return run && run.id === runId && run.finishedAt ? overview.body : undefined;
    }, 20_000);
    expect(done.lastVerify).toMatchObject({
      status: 'passed',
      violationCount: 0,
      violations: [],
      requestedBy: { id: admin.id, mobile: admin.mobile },
      checked: { signedHeads: await signedHeadCount() },
    });
    expect(done.lastVerify!.durationMs).toBeGreaterThanOrEqual(0);
    const [{ runs }] = await query<{ runs: number }>(
      api,
      'SELECT count(*)::int AS runs FROM verify_runs',
    );
    expect(runs).toBe(1);
    const [{ audited }] = await query<{ audited: number }>(
      api,
      `SELECT count(*)::int AS audited FROM audit_log WHERE action = 'ledger.verify' AND actor_id = $1`,
      [admin.id],
    );
    expect(audited).toBe(1);

    // Once finished, the next press starts a new run.
    const again = await post<StartVerifyAnswer>(admin, '/admin/database/verify');
    expect(again.body.started).toBe(true);
    expect(again.body.run.id).not.toBe(runId);
    await eventually(async () => {
      const overview = await post<DatabaseOverview>(admin, '/admin/database');
      return overview.body.lastVerify?.finishedAt ? true : undefined;
    }, 20_000);
  });

  it('shows tables, migrations, queues, read-model lag and chain heads to an admin', async () => {
    const overview = await post<DatabaseOverview>(admin, '/admin/database');
    expect(overview.status).toBe(200);
    const { tables, migrations, queues, readModel, replica } = overview.body;
    // No DATABASE_REPLICA_URL: the reads that may lag read the primary (issue 29).
    expect(replica).toMatchObject({
      configured: false,
      readsFromPrimary: true,
      reason: 'no DATABASE_REPLICA_URL',
      lagBytes: null,
    });
    const users = tables.find((table) => table.name === 'users');
    const [{ count }] = await query<{ count: number }>(
      api,
      'SELECT count(*)::int AS count FROM users',
    );
    expect(users).toMatchObject({ rows: count, rowsEstimated: false });
    expect(users!.totalBytes).toBeGreaterThan(0);
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'ledger_postings',
        'ledger_signed_heads',
        'verify_runs',
        'migrations',
      ]),
    );
    // Newest first, exactly the rows TypeORM keeps of what it applied.
    const applied = await query<{ name: string }>(
      api,
      'SELECT name FROM migrations ORDER BY timestamp DESC, id DESC',
    );
    expect(migrations.map((m) => m.name)).toEqual(applied.map((row) => row.name));
    expect(migrations.map((m) => m.name)).toContain('LedgerSignedHeads1764900000740');
    expect(queues).toEqual([
      {
        queue: 'khata',
        waiting: expect.any(Number),
        active: expect.any(Number),
        delayed: expect.any(Number),
        failed: expect.any(Number),
      },
    ]);
    const [{ last }] = await query<{ last: number }>(
      api,
      'SELECT max(seq)::int AS last FROM ledger_events',
    );
    expect(readModel.ledgerSeq).toBe(last);
    expect(readModel.notProjected).toBeGreaterThanOrEqual(0);
    expect(readModel.projectedSeq).toBeLessThanOrEqual(last);

    const heads = await post<ChainHeadsAnswer>(admin, '/admin/database/chainHeads', {
      pageSize: 5,
    });
    expect(heads.status).toBe(200);
    expect(heads.body.data).toHaveLength(5);
    const [{ accounts }] = await query<{ accounts: number }>(
      api,
      'SELECT count(*)::int AS accounts FROM ledger_accounts',
    );
    expect(heads.body.total).toBe(accounts);
    // The most recently moved first: the retailer's wallet took the last funding.
    const [newest] = await query<{ account_id: string; hash: string; id: number }>(
      api,
      `SELECT account_id, encode(hash, 'hex') AS hash, id::int AS id FROM ledger_postings ORDER BY id DESC LIMIT 1`,
    );
    expect(heads.body.data[0]).toMatchObject({
      accountId: newest!.account_id,
      lastPostingId: newest!.id,
      headPrefix: newest!.hash.slice(0, 16),
    });
    const retailerHead = heads.body.data.find((row) => row.owner?.id === retailer.id);
    expect(retailerHead).toMatchObject({ kind: 'wallet', owner: { mobile: retailer.mobile } });

    const badPage = await post(admin, '/admin/database/chainHeads', { pageSize: 500 });
    expect({ status: badPage.status, message: badPage.body.message }).toEqual({
      status: 400,
      message: DatabaseMessages.pageSizeInvalid,
    });
  });

  it('refuses everyone but admins (403), and anyone signed out (401)', async () => {
    for (const user of [dist, retailer]) {
      for (const path of [
        '/admin/database',
        '/admin/database/verify',
        '/admin/database/signedHead',
      ]) {
        const answer = await post(user, path, { day: indiaDay(new Date()) });
        expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      }
    }
    const unsigned = await call(`${api.url}/api/admin/database`, { body: {} });
    expect(unsigned.status).toBe(401);
  });
});

describe('verifyLedger against tampered postings and signed heads (scratch databases)', () => {
  const key = generateKeyPairSync('ed25519').privateKey;
  const trustedKeys = [publicKeyPem(key)];
  const DAY = '2026-01-15';

  /** A scratch ledger with money moved between three accounts and today's head signed. */
  async function scratchLedger() {
    const database = await createTestDatabase(currentTestRun());
    const pool = newTestPool(database.url, 2);
    const ledger = new Ledger(pool);
    const source = await openAccount(pool, { floorExempt: true });
    const a = await openAccount(pool);
    const b = await openAccount(pool);
    const move = (from: string, to: string, amount: number) =>
      ledger.append({
        type: 'test.move',
        stream: `test:${randomUUID()}`,
        legs: [
          { accountId: from, amount: -amount },
          { accountId: to, amount },
        ],
      });
    await move(source, a, 10_000);
    await move(a, b, 2_500);
    await move(source, b, 400);
    const { head } = await signLedgerHead(pool, {
      day: DAY,
      dayEnd: new Date(Date.now() + 60_000),
      key,
    });
    await move(b, a, 100); // after the head: not in it
    return {
      pool,
      head,
      accounts: { source, a, b },
      drop: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }

  /** The ledger's triggers refuse UPDATE; a scratch database lifts them to tamper as an attacker would. */
  async function tamper(pool: SqlClient, table: string, sql: string, params: unknown[]) {
    await pool.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    await pool.query(sql, params);
    await pool.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  }

  it('passes on a clean ledger with a signed head', async () => {
    const scratch = await scratchLedger();
    try {
      const result = await verifyLedger(scratch.pool, { trustedKeys });
      expect(result.violations).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.checked.signedHeads).toBe(1);
    } finally {
      await scratch.drop();
    }
  });

  it("reports a posting whose hash was changed: its chain and the signed head's digest", async () => {
    const scratch = await scratchLedger();
    try {
      const { a } = scratch.accounts;
      const [posting] = (
        await scratch.pool.query<{ id: string }>(
          `SELECT id::text AS id FROM ledger_postings WHERE account_id = $1 AND event_seq <= $2
            ORDER BY id DESC LIMIT 1`,
          [a, scratch.head.seq],
        )
      ).rows;
      await tamper(
        scratch.pool,
        'ledger_postings',
        'UPDATE ledger_postings SET hash = $2 WHERE id = $1',
        [posting!.id, Buffer.alloc(32, 7)],
      );
      const result = await verifyLedger(scratch.pool, { trustedKeys });
      expect(result.ok).toBe(false);
      expect(result.violations).toEqual(
        expect.arrayContaining([
          `hash chain breaks at posting ${posting!.id} of ${a}`,
          expect.stringMatching(
            new RegExp(
              `^signed head of ${DAY} \\(seq ${scratch.head.seq}\\): the ledger's head is [0-9a-f]{64}, the signed digest ${scratch.head.digest.toString('hex')}$`,
            ),
          ),
        ]),
      );
      // The signature itself still holds: what changed is the ledger under it.
      expect(result.violations.join('\n')).not.toContain('signature does not verify');
    } finally {
      await scratch.drop();
    }
  });

  it('reports a signed head whose digest was changed, or re-signed with a key Khata did not publish', async () => {
    const scratch = await scratchLedger();
    try {
      const forged = Buffer.alloc(32, 9);
      await tamper(
        scratch.pool,
        'ledger_signed_heads',
        'UPDATE ledger_signed_heads SET digest = $2 WHERE day = $1',
        [DAY, forged],
      );
      let result = await verifyLedger(scratch.pool, { trustedKeys });
      expect(result.violations).toEqual([
        `signed head of ${DAY} (seq ${scratch.head.seq}): the ledger's head is ${scratch.head.digest.toString('hex')}, the signed digest ${forged.toString('hex')}`,
        `signed head of ${DAY} (seq ${scratch.head.seq}): the signature does not verify`,
      ]);

      // An attacker signs their forged digest with a key of their own: the signature holds,
      // the key is not Khata's.
      const attacker = generateKeyPairSync('ed25519').privateKey;
      const signature = sign(
        null,
        Buffer.from(signedHeadMessage(DAY, scratch.head.seq, forged)),
        attacker,
      );
      await tamper(
        scratch.pool,
        'ledger_signed_heads',
        'UPDATE ledger_signed_heads SET signature = $2, public_key = $3 WHERE day = $1',
        [DAY, signature, publicKeyPem(attacker)],
      );
      result = await verifyLedger(scratch.pool, { trustedKeys });
      expect(result.violations).toEqual([
        `signed head of ${DAY} (seq ${scratch.head.seq}): the ledger's head is ${scratch.head.digest.toString('hex')}, the signed digest ${forged.toString('hex')}`,
        `signed head of ${DAY} (seq ${scratch.head.seq}): signed by a key Khata did not publish`,
      ]);
    } finally {
      await scratch.drop();
    }
  });

  it('recomputes in its walk the same head the signer reads in SQL, at every seq of a concurrent ledger', async () => {
    const database = await createTestDatabase(currentTestRun());
    const pool = newTestPool(database.url, 8);
    try {
      const ledger = new Ledger(pool);
      const source = await openAccount(pool, { floorExempt: true });
      const accounts = [await openAccount(pool), await openAccount(pool), await openAccount(pool)];
      // Appends at once take their seqs before their account locks: within an account, seq
      // order and posting order may differ, which is what "last posting" must get right.
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          ledger.append({
            type: 'test.move',
            stream: `test:${randomUUID()}`,
            legs: [
              { accountId: source, amount: -(i + 1) },
              { accountId: accounts[i % 3]!, amount: i + 1 },
            ],
          }),
        ),
      );
      const { rows } = await pool.query<{ last: string }>(
        'SELECT max(seq)::text AS last FROM ledger_events',
      );
      const last = Number(rows[0]!.last);
      for (let seq = 0; seq <= last; seq++) {
        const day = addDays('2026-01-01', seq);
        const digest = ledgerHeadDigest(BigInt(seq), await chainHeadsAt(pool, BigInt(seq)));
        await pool.query(
          `INSERT INTO ledger_signed_heads (day, seq, digest, signature, public_key)
           VALUES ($1, $2, $3, $4, $5)`,
          [
            day,
            seq,
            digest,
            sign(null, Buffer.from(signedHeadMessage(day, BigInt(seq), digest)), key),
            trustedKeys[0],
          ],
        );
      }
      const result = await verifyLedger(pool, { trustedKeys });
      expect(result.violations).toEqual([]);
      expect(result.checked.signedHeads).toBe(last + 1);
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  it('refuses to change a signed head while the triggers stand', async () => {
    const scratch = await scratchLedger();
    try {
      await expect(
        scratch.pool.query('UPDATE ledger_signed_heads SET seq = 0 WHERE day = $1', [DAY]),
      ).rejects.toThrow('ledger_signed_heads is append-only: UPDATE refused');
      await expect(scratch.pool.query('DELETE FROM ledger_signed_heads')).rejects.toThrow(
        'append-only',
      );
    } finally {
      await scratch.drop();
    }
  });
});
