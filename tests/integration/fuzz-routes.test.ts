import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { roleName, type RoleKind } from '@khata/domain';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { allows } from '../../apps/api/src/auth/access.js';
import { RouteCatalog, type RouteEntry } from '../../apps/api/src/auth/route-catalog.js';
import { SessionsService } from '../../apps/api/src/auth/sessions.service.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { signWebhook } from '../../apps/api/src/rail/webhook-signature.js';
import {
  bestBody,
  bodyFieldsOf,
  inputFor,
  LONE_HIGH,
  LONE_LOW,
  nestedJson,
  NUL,
  ROLES,
  type Fixtures,
  type Input,
  type Json,
  type Payload,
  type TokenChoice,
} from '../support/fuzz-inputs.js';
import { given, type GivenUser } from '../support/given.js';
import { fund, saveBeneficiary } from '../support/payouts.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { newTestPool } from '../support/databases.js';

/**
 * Every route of the route catalog, fed generated input: bodies (wrong types, NUL bytes, lone
 * surrogates, huge strings, deep nesting, arrays for objects, extra fields, raw bytes that are
 * not JSON), headers (`pin`, `Idempotency-Key`, coordinates, Authorization) and tokens (none,
 * garbage, any role's). Two promises hold whatever arrives: the answer is never a 5xx, and a
 * refused request moves no money (the count of ledger events is the same after it).
 *
 * Reproducible: the seed is fixed (FUZZ_SEED overrides it, FUZZ_RUNS the runs per route).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SECRET = 'fuzz-webhook-secret-0123456789abcdef';

interface Sent {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Finding {
  route: string;
  status: number;
  problem: string;
  request: string;
}

describe('every route, fed generated input', () => {
  let api: TestApi;
  let db: pg.Pool;
  let fixtures: Fixtures;
  const findings: Finding[] = [];
  let requests = 0;

  beforeAll(async () => {
    api = await startTestApi({ KHATA_PROCESS: 'api', RAIL_PROVIDER_WEBHOOK_SECRET: SECRET });
    db = newTestPool(api.databaseUrl, 2);
    const users = new Map<RoleKind, GivenUser>();
    for (const kind of ROLES) {
      users.set(kind, await given(api).user({ role: roleName(kind, api.config.productKey) }));
    }
    const retailer = users.get('employee2')!;
    await fund(api, retailer, 1_000_000_00);
    await fund(api, users.get('employee1')!, 1_000_000_00);
    await fund(api, users.get('distributor')!, 1_000_000_00);
    await fund(api, retailer, 1_000_000_00, 'aeps');
    fixtures = {
      users,
      payee: await saveBeneficiary(api, retailer),
      aeps: await saveBeneficiary(api, retailer, { kind: 'aeps' }),
    };
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await api?.close();
  });

  const ledgerEvents = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM ledger_events')).rows[0]!.n);

  async function tokenFor(choice: TokenChoice): Promise<string | undefined> {
    switch (choice) {
      case 'none':
        return undefined;
      case 'garbage':
        return 'Bearer x.y.z';
      case 'not-bearer':
        return 'Basic YWRtaW46YWRtaW4=';
      case 'expired-shape':
        return `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"sub":"x","exp":1}').toString('base64url')}.AAAA`;
      default: {
        const user = fixtures.users.get(choice)!;
        const context = {
          ip: '127.0.0.1',
          latitude: null,
          longitude: null,
          userAgent: 'fuzz',
          requestId: null,
        };
        const session = await api.app
          .get(SessionsService)
          .open(api.app.get(Db), { id: user.id, elevated: false }, 'password', context);
        return `Bearer ${session.token}`;
      }
    }
  }

  async function build(route: RouteEntry, input: Input): Promise<Sent> {
    const headers: Record<string, string> = {
      // Address limits are per client address: spread the tries so they do not hide a route.
      'x-forwarded-for': `10.${requests % 250}.${(requests >> 8) % 250}.${1 + (requests % 200)}`,
    };
    const authorization = await tokenFor(input.token);
    if (authorization) headers.authorization = authorization;
    const user =
      typeof input.token === 'string' ? fixtures.users.get(input.token as RoleKind) : undefined;
    if (input.pin === 'right') headers.pin = user?.pin ?? '1234';
    else if (input.pin !== undefined) headers.pin = input.pin;
    if (input.idempotencyKey === 'fresh') headers['idempotency-key'] = randomUUID();
    else if (input.idempotencyKey === 'reused') headers['idempotency-key'] = 'fuzz-reused-key-0001';
    else if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
    if (input.latitude !== undefined) headers.latitude = input.latitude;
    if (input.longitude !== undefined) headers.longitude = input.longitude;

    let body: string | undefined;
    if (input.payload.kind === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.payload.value) ?? 'null';
    } else {
      headers['content-type'] = input.payload.contentType;
      if (input.payload.encoding) headers['content-encoding'] = input.payload.encoding;
      body = input.payload.text;
    }
    if (route.path.includes('/webhooks/') && input.signed) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      headers['x-rail-timestamp'] = timestamp;
      headers['x-rail-signature'] = signWebhook(SECRET, timestamp, body);
    }
    const path = route.path.replace(/:[A-Za-z]+/g, input.param) + input.query;
    return { route: `${route.method} ${route.path}`, method: route.method, path, headers, body };
  }

  async function send(sent: Sent): Promise<{ status: number; message: string }> {
    requests++;
    const response = await fetch(`${api.url}${sent.path}`, {
      method: sent.method,
      headers: sent.headers,
      body: sent.method === 'GET' ? undefined : sent.body,
    });
    const text = await response.text();
    let message: string;
    try {
      message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      message = text.slice(0, 80);
    }
    return { status: response.status, message };
  }

  function describeSent(sent: Sent): string {
    const body =
      sent.body && sent.body.length > 300
        ? `${sent.body.slice(0, 300)}… (${sent.body.length} chars)`
        : sent.body;
    const headers = Object.fromEntries(
      Object.entries(sent.headers)
        .filter(([name]) => name !== 'authorization' && name !== 'x-forwarded-for')
        .map(([name, value]) => [name, value.length > 60 ? `${value.slice(0, 60)}…` : value]),
    );
    return `${sent.method} ${sent.path.slice(0, 200)} headers=${JSON.stringify(headers)} body=${JSON.stringify(body)}`;
  }

  /** Sends one request and records what broke a promise; never throws, so every route runs. */
  async function probe(sent: Sent): Promise<string> {
    const before = await ledgerEvents();
    const answer = await send(sent);
    const moved = (await ledgerEvents()) - before;
    if (answer.status >= 500) {
      findings.push({
        route: sent.route,
        status: answer.status,
        problem: answer.message,
        request: describeSent(sent),
      });
    } else if (answer.status >= 400 && moved !== 0) {
      findings.push({
        route: sent.route,
        status: answer.status,
        problem: `refused, yet ${moved} ledger event(s) were appended`,
        request: describeSent(sent),
      });
    }
    return `${answer.status} ${answer.message}`;
  }

  it('answers no 5xx and moves no money on refusal, for every route of the catalog', async () => {
    const routes = api.app.get(RouteCatalog).routes();
    expect(routes.length).toBeGreaterThan(40);
    const issues: Json[] = [
      NUL,
      LONE_HIGH,
      LONE_LOW,
      9000000001,
      { nested: [1] },
      ['x'],
      'x'.repeat(60_000),
    ];
    const plain = (payload: Payload, route: RouteEntry): Input => ({
      payload,
      token: bestRole(route),
      pin: 'right',
      idempotencyKey: 'fresh',
      latitude: '28.613939',
      longitude: '77.209021',
      query: '',
      param: 'x.png',
      signed: true,
    });
    for (const route of routes) {
      const fields = bodyFieldsOf(api, route);
      // The issue's cases first, one field at a time in an otherwise acceptable body, so the
      // bad value meets the handler rather than an earlier refusal of a neighbour.
      const best = bestBody(route, fields, fixtures);
      const bestAnswer = await probe(
        await build(route, plain({ kind: 'json', value: best }, route)),
      );
      if (process.env.FUZZ_DEBUG)
        console.log(`${route.method} ${route.path}: best body → ${bestAnswer}`);
      for (const field of fields) {
        for (const bad of issues) {
          const body = { ...bestBody(route, fields, fixtures), [field]: bad };
          await probe(await build(route, plain({ kind: 'json', value: body }, route)));
        }
      }
      // Bodies that are not what a JSON API expects, signed where a signature is asked for.
      for (const raw of [
        { text: nestedJson(40_000, 'array'), contentType: 'application/json' },
        { text: 'not json at all', contentType: 'text/plain' },
        { text: 'mobile=9000000001&a[b][c]=1', contentType: 'application/x-www-form-urlencoded' },
      ]) {
        await probe(await build(route, plain({ kind: 'raw', ...raw }, route)));
      }
      await fc.assert(
        fc.asyncProperty(inputFor(route, fields, fixtures), async (input) => {
          await probe(await build(route, input));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    const summary = findings.map((f) => `${f.route} → ${f.status} ${f.problem}\n    ${f.request}`);
    if (summary.length) {
      const routesHit = new Set(findings.map((f) => f.route)).size;
      console.warn(
        `fuzz-routes: ${findings.length} findings on ${routesHit} routes in ${requests} requests (seed ${SEED})`,
      );
    }
    expect({ seed: SEED, rerun: `FUZZ_SEED=${SEED}`, requests, findings: summary }).toEqual({
      seed: SEED,
      rerun: `FUZZ_SEED=${SEED}`,
      requests,
      findings: [],
    });
  }, 600_000);

  /** The first role whose user may call the route, so the body is what gets judged. */
  function bestRole(route: RouteEntry): RoleKind {
    const preferred: RoleKind[] = ['employee2', 'admin', 'distributor', 'employee1', 'partner'];
    const services = ['wallet', 'payout', 'aepsAccount', 'aepsSettlement'];
    return (
      preferred.find((kind) => !route.rule || allows(route.rule, { kind, services })) ?? 'admin'
    );
  }
});
