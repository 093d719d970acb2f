import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { bearer, given, signIn } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { DOCUMENT_ONLY_HEADERS } from '../../apps/api/src/common/http/security-headers.js';

describe('the API platform', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('reports Postgres and Redis up on /api/health', async () => {
    const answer = await call(`${api.url}/api/health`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      status: 'ok',
      postgres: { status: 'up' },
      redis: { status: 'up' },
    });
  });

  it('answers an unknown API path with a JSON 404 in the contract shape', async () => {
    const answer = await call(`${api.url}/api/no-such-call`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, message: expect.any(String) });
  });

  it('answers a body that is not JSON with a 400 and a readable message, not a 500', async () => {
    const answer = await call(`${api.url}/api/health`, { method: 'POST', rawBody: '{"mobile": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('refuses an oversized body with a 413', async () => {
    const answer = await call(`${api.url}/api/health`, {
      method: 'POST',
      rawBody: JSON.stringify({ padding: 'x'.repeat(200 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ success: false, message: 'The request body is too large.' });
  });

  it('echoes a caller request id and makes one up otherwise', async () => {
    const given = await call(`${api.url}/api/health`, { headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
    const made = await call(`${api.url}/api/health`, {
      headers: { 'x-request-id': 'x'.repeat(65) },
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and hides the framework', async () => {
    const answer = await call(`${api.url}/api/health`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });
});

describe('health when a dependency is down', () => {
  let api: TestApi;

  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, so every Redis call fails at once.
    api = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => api.close());

  it('answers 503 and names Redis as down while Postgres stays up', async () => {
    const answer = await call(`${api.url}/api/health`);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      success: false,
      status: 'degraded',
      postgres: { status: 'up' },
      redis: { status: 'down' },
    });
    // Up or down, never why: the error named the host and port (issue 31).
    expect(answer.body.redis).toEqual({ status: 'down', latencyMs: expect.any(Number) });
    expect(JSON.stringify(answer.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|::1|port/i);
  });
});

const LOGIN_HTML =
  '<!doctype html><title>Khata</title><div id="root" data-prerendered="/login"></div>';

/** A call that keeps the bytes as they came over the wire (fetch would decode them). */
function rawGet(url: string, acceptEncoding: string, post?: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; body: Buffer; vary: string }>(
    (resolve, reject) => {
      const headers = { 'accept-encoding': acceptEncoding, ...post };
      const method = post ? 'POST' : 'GET';
      request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
            vary: String(response.headers.vary ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

const METRICS_TOKEN = 'platform-scrape-token-0123';

const APP_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`;

describe('serving the built console on the API origin', () => {
  let api: TestApi;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'khata-console-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Khata</title><div id="root"></div>',
    );
    // What the console build's prerender writes (issue 30): the sign-in page, not the others.
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'prerendered', 'login.html'), LOGIN_HTML);
    writeFileSync(join(dist, 'prerendered', 'login.html.br'), brotliCompressSync(LOGIN_HTML));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("khata")');
    // What the console build writes beside each asset (vite-plugin-compression2).
    writeFileSync(join(dist, 'assets', 'app-def456.js'), APP_JS);
    writeFileSync(join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(join(dist, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
    api = await startTestApi({ CONSOLE_DIST: dist, METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(() => api.close());

  it('answers a deep link with index.html so the client router can take it', async () => {
    const response = await fetch(`${api.url}/about-us`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers a prerendered page with its copy, unless the request carries a session (issue 30)', async () => {
    const page = async (path: string, cookie?: string) => {
      const response = await fetch(`${api.url}${path}`, { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toMatch(/cookie/i);
      return response.text();
    };
    expect(await page('/login')).toContain('data-prerendered="/login"');
    expect(await page('/login', 'khata.lang=hi; khata_token=abc')).not.toContain('prerendered');
    // An empty cookie of that name is no session; a cookie whose name ends so is another one.
    expect(await page('/login', 'khata_token=')).toContain('data-prerendered');
    expect(await page('/login', 'old_khata_token=abc')).toContain('data-prerendered');
    // Sent as the build's brotli copy, and cached apart by encoding and by cookie.
    const brotli = await rawGet(`${api.url}/login`, 'gzip, br');
    expect(brotli).toMatchObject({ status: 200, encoding: 'br' });
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LOGIN_HTML);
    expect(brotli.vary).toMatch(/accept-encoding.*cookie/i);
    // A page the build did not prerender (here `/`: no home.html) is index.html.
    expect(await page('/')).toContain('<div id="root"></div>');
    expect(await page('/login/')).not.toContain('prerendered');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await fetch(`${api.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends a page every security header, and a hashed asset only those a script obeys', async () => {
    const page = await fetch(`${api.url}/about-us`);
    const asset = await fetch(`${api.url}/assets/app-def456.js`);
    for (const name of DOCUMENT_ONLY_HEADERS) {
      expect({ name, page: page.headers.has(name) }).toEqual({ name, page: true });
      expect({ name, asset: asset.headers.has(name) }).toEqual({ name, asset: false });
    }
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends the precompressed brotli or gzip file the browser accepts, else the plain one', async () => {
    const url = `${api.url}/assets/app-def456.js`;
    const brotli = await rawGet(url, 'gzip, deflate, br');
    expect(brotli).toMatchObject({ status: 200, encoding: 'br' });
    expect(brotli.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(APP_JS);
    expect(brotli.body.length).toBeLessThan(APP_JS.length / 3);

    const gzip = await rawGet(url, 'gzip');
    expect(gzip).toMatchObject({ status: 200, encoding: 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(APP_JS);

    const plain = await rawGet(url, 'identity');
    expect(plain).toMatchObject({ status: 200, encoding: 'identity' });
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('compresses a large JSON answer and leaves a small one alone', async () => {
    const token = await signIn(api, await given(api).user());
    const banks = await rawGet(`${api.url}/api/user/getBankList`, 'gzip', bearer(token));
    expect(banks).toMatchObject({ status: 200, encoding: 'gzip' });
    expect(JSON.parse(gunzipSync(banks.body).toString())).toMatchObject({ success: true });
    const health = await rawGet(`${api.url}/api/health`, 'gzip');
    expect(health.encoding).toBe('identity');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const response = await fetch(`${api.url}/assets/missing.js`);
    expect(response.status).toBe(404);
  });

  it('keeps /metrics for the scraper: the token is asked, and never index.html (issue 31)', async () => {
    for (const path of ['/metrics', '/metrics/']) {
      const refused = await fetch(`${api.url}${path}`);
      expect(refused.headers.get('content-type')).not.toContain('text/html');
      expect(refused.status).toBe(401);
    }
    const scraped = await fetch(`${api.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE');
  });

  it('keeps /api paths for the API', async () => {
    const answer = await call(`${api.url}/api/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false });
  });
});
