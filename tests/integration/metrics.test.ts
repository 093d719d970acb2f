import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund, saveBeneficiary } from '../support/payouts.js';
import { socketClients } from '../support/sockets.js';
import { eventually } from '../support/test-jobs.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

const TOKEN = 'scrape-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A small parser of the Prometheus text format (0.0.4): every sample line is
 * `name{label="value",…} number`, and every family it belongs to has a HELP and a TYPE line
 * before its samples. Throws on anything else, so a malformed answer fails the test.
 */
function parse(text: string): Sample[] {
  const typed = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (!/^(counter|gauge|histogram|summary|untyped)$/.test(meta[3]!)) {
          throw new Error(`Bad TYPE: ${line}`);
        }
        if (typed.has(meta[2]!)) throw new Error(`Family declared twice: ${meta[2]}`);
        typed.set(meta[2]!, meta[3]!);
      } else helped.add(meta[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`Not a Prometheus sample line: ${line}`);
    const [, name, labelText, value] = sample;
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    const declared = typed.has(name!) ? name! : family;
    if (!typed.has(declared) || !helped.has(declared)) {
      throw new Error(`Sample without HELP and TYPE: ${line}`);
    }
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (labelText ?? '').matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      labels[key!] = raw!.replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
    }
    const number = Number(value === '+Inf' ? Infinity : value);
    if (Number.isNaN(number)) throw new Error(`Not a number: ${line}`);
    samples.push({ name: name!, labels, value: number });
  }
  return samples;
}

/** The value of the one sample with this name and at least these labels (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe('GET /metrics for Prometheus', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const sockets = socketClients();

  beforeAll(async () => {
    // No job worker in this process: a queued payout's job stays waiting, for the queue figures.
    api = await startTestApi({ METRICS_TOKEN: TOKEN, KHATA_PROCESS: 'api' });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(async () => {
    sockets.closeAll();
    await api?.close();
  });

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${api.url}/metrics`, { headers: bearer(TOKEN) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await response.text());
  }

  it('refuses a scraper without the token, or with another, with 401 and says how to send it', async () => {
    for (const headers of [
      {},
      bearer('scrape-token-0123456780'),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
    ]) {
      const answer = await call(`${api.url}/metrics`, { headers });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 401,
        body: {
          success: false,
          message: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
        },
      });
    }
  });

  it('is off (404 with the reason) when METRICS_TOKEN is unset', async () => {
    const off = await startTestApi({ KHATA_PROCESS: 'api' }, { sharing: api });
    try {
      const answer = await call(`${off.url}/metrics`, { headers: bearer(TOKEN) });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { success: false, message: 'Metrics are off: set METRICS_TOKEN to turn them on.' },
      });
    } finally {
      await off.close();
    }
  });

  it('answers every figure in the Prometheus text format', async () => {
    const samples = await scrape();
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      'khata_payouts',
      'khata_payout_oldest_in_flight_seconds',
      'khata_read_model_lag_seconds',
      'khata_ledger_seq',
      'khata_read_model_seq',
      'khata_ledger_verify_last_result',
      'khata_ledger_verify_last_finished_timestamp_seconds',
      'khata_queue_jobs',
      'khata_open_sockets',
      'khata_scrape_errors',
    ]) {
      expect([name, names.has(name)]).toEqual([name, true]);
    }
    expect(valueOf(samples, 'khata_scrape_errors')).toBe(0);
  });

  it('times HTTP requests by route template, never by the raw URL', async () => {
    const user = await given(api).user();
    const token = await signIn(api, user);
    const route = { route: '/api/user/checkBalance', method: 'POST', status: '200' };
    const before = valueOf(await scrape(), 'khata_http_request_duration_seconds_count', route);

    for (let i = 0; i < 3; i++) {
      const answer = await call(`${api.url}/api/user/checkBalance`, {
        headers: bearer(token),
        body: {},
      });
      expect(answer.status).toBe(200);
    }
    const middle = await scrape();
    expect(valueOf(middle, 'khata_http_request_duration_seconds_count', route)).toBe(before + 3);
    const notFound = { method: 'GET', status: '404' };
    const missing = await call(`${api.url}/api/no/such/route/${randomUUID()}`);
    expect(missing.status).toBe(404);

    const after = await scrape();
    const routes = after
      .filter((sample) => sample.name === 'khata_http_request_duration_seconds_count')
      .map((sample) => sample.labels.route!);
    expect(routes.some((r) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(r))).toBe(false);
    // The unknown URL counts under the template of the route that answered its 404.
    expect(valueOf(after, 'khata_http_request_duration_seconds_count', notFound)).toBe(
      valueOf(middle, 'khata_http_request_duration_seconds_count', notFound) + 1,
    );
  });

  it('counts ledger appends, and shows a payout by status and its job in the queue', async () => {
    const before = await scrape();
    const payer = await given(api).user();
    await fund(api, payer, 100_000);
    const payerToken = await signIn(api, payer);
    const payee = await saveBeneficiary(api, payer, { ending: '123' });

    const paid = await call(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount: '100',
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
        paymentMode: 'IMPS',
      },
      headers: { ...bearer(payerToken), pin: payer.pin, 'idempotency-key': randomUUID() },
    });
    expect(paid.status).toBe(200);

    const after = await eventually(async () => {
      const samples = await scrape();
      return valueOf(samples, 'khata_queue_jobs', { state: 'waiting' }) >
        valueOf(before, 'khata_queue_jobs', { state: 'waiting' })
        ? samples
        : undefined;
    });
    const appended = { outcome: 'appended' };
    // The funding and the payout's hold at least.
    expect(valueOf(after, 'khata_ledger_appends_total', appended)).toBeGreaterThanOrEqual(
      valueOf(before, 'khata_ledger_appends_total', appended) + 2,
    );
    expect(valueOf(after, 'khata_ledger_append_duration_seconds_count')).toBeGreaterThanOrEqual(
      valueOf(before, 'khata_ledger_append_duration_seconds_count') + 2,
    );
    expect(valueOf(after, 'khata_payouts', { status: 'queued' })).toBe(
      valueOf(before, 'khata_payouts', { status: 'queued' }) + 1,
    );
    expect(valueOf(after, 'khata_ledger_seq')).toBeGreaterThan(valueOf(before, 'khata_ledger_seq'));
    expect(valueOf(after, 'khata_payout_oldest_in_flight_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts a rate limit refusal by its rule', async () => {
    const rule = { rule: 'callback-ip' };
    const before = valueOf(await scrape(), 'khata_rate_limit_refusals_total', rule);
    const address = '203.0.113.77';
    let refused = 0;
    for (let sent = 0; sent < 6; sent++) {
      const answer = await call(`${api.url}/api/public/callback-request`, {
        body: { name: 'Ravi', mobile: '9876543210' },
        headers: { 'x-forwarded-for': address },
      });
      if (answer.status === 429) refused += 1;
    }
    expect(refused).toBe(1);
    expect(valueOf(await scrape(), 'khata_rate_limit_refusals_total', rule)).toBe(before + 1);
  });

  it('counts open sockets while they are open', async () => {
    const before = valueOf(await scrape(), 'khata_open_sockets');
    const listener = await sockets.connect(api, { token: adminToken });
    await eventually(async () =>
      valueOf(await scrape(), 'khata_open_sockets') === before + 1 ? true : undefined,
    );
    listener.socket.disconnect();
    await eventually(async () =>
      valueOf(await scrape(), 'khata_open_sockets') === before ? true : undefined,
    );
  });

  it('has alert rules in docs/operations.md that parse and name only figures it answers', async () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
    const metrics = doc.slice(doc.indexOf('## Metrics'));
    const blocks = [...metrics.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!);
    const rules = blocks
      .map(
        (block) => parseYaml(block) as { groups?: { rules: { alert: string; expr: string }[] }[] },
      )
      .flatMap((config) => config.groups ?? [])
      .flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'KhataPayoutStuck',
        'KhataReadModelLagging',
        'KhataLedgerVerifyFailed',
      ]),
    );
    const answered = new Set((await scrape()).map((sample) => sample.name));
    for (const rule of rules) {
      for (const name of rule.expr.match(/khata_[a-z_]+/g) ?? []) {
        expect([rule.alert, name, answered.has(name)]).toEqual([rule.alert, name, true]);
      }
    }
  });
});
