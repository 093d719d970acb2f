import { describe, expect, it } from '@jest/globals';
import helmet from 'helmet';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  DOCUMENT_ONLY_HEADERS,
  securityHeaderOptions,
} from '../../apps/api/src/common/http/security-headers.js';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Where the console image puts the headers file (Dockerfile) and nginx.conf includes it. */
const SNIPPET = '/etc/nginx/snippets/khata-security-headers.conf';
/** The hashed assets' headers (issue 30): the same but those only a document obeys. */
const ASSET_SNIPPET = '/etc/nginx/snippets/khata-asset-headers.conf';

/** `add_header Name "value" always;` lines, by lower-case name. */
function addedHeaders(conf: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [, name, value] of conf.matchAll(/^\s*add_header\s+(\S+)\s+"([^"]*)"\s+always;/gm)) {
    headers[name!.toLowerCase()] = value!;
  }
  return headers;
}

/** Each `location … { … }` block of the server (none nests another). */
/** A location block: its modifier (`=`, `~`) and path as written, e.g. `= /`. */
const LOCATION = /location\s+((?:[=~^*]+\s+)?\S+)\s*\{([^}]*)\}/g;

function locations(conf: string): { path: string; body: string }[] {
  return [...conf.matchAll(LOCATION)].map(([, path, body]) => ({
    path: path!,
    body: body!,
  }));
}

/** The headers the API's helmet sends in production. */
async function apiHeaders(): Promise<Record<string, string>> {
  const headersOf = helmet(securityHeaderOptions({ env: 'production' }));
  const server = createServer((request, response) =>
    headersOf(request, response, () => response.end()),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const transport = ['connection', 'content-length', 'date', 'keep-alive'];
    return Object.fromEntries([...answer.headers].filter(([name]) => !transport.includes(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Issue 31 item 15: the nginx console profile (compose `--profile nginx`) sends the security
 * headers the API sends when it serves the same console itself. nginx is not installed here
 * (nor buildable, docs/operations.md), so the test reads its configuration.
 */
describe('the nginx console profile', () => {
  const conf = read('apps/console/nginx.conf').replace(/#.*$/gm, '');

  it('sends a CSP with frame-ancestors, HSTS, nosniff and a Referrer-Policy with every file', () => {
    const headers = addedHeaders(read('apps/console/nginx-security-headers.conf'));
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['strict-transport-security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(
      Number(/max-age=(\d+)/.exec(headers['strict-transport-security']!)![1]),
    ).toBeGreaterThanOrEqual(31_536_000);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends exactly the headers the API sends (helmet, production)', async () => {
    expect(addedHeaders(read('apps/console/nginx-security-headers.conf'))).toEqual(
      await apiHeaders(),
    );
  });

  it('sends with a hashed asset the headers the API sends with one: all but the document-only ones', async () => {
    const api = await apiHeaders();
    const asset = addedHeaders(read('apps/console/nginx-asset-headers.conf'));
    for (const name of DOCUMENT_ONLY_HEADERS) delete api[name];
    expect(asset).toEqual(api);
    // What a script still needs: no sniffing into another type, no use by another origin.
    expect(asset['x-content-type-options']).toBe('nosniff');
    expect(asset['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset['content-security-policy']).toBeUndefined();
  });

  it('adds them in every location that serves a file, and leaves the API’s answers to the API', () => {
    const blocks = locations(conf);
    const served = blocks.filter(({ body }) => body.includes('try_files'));
    const proxied = blocks.filter(({ body }) => body.includes('proxy_pass'));
    // Issue 30: the prerendered pages have locations of their own (nginx.conf).
    expect(served.map(({ path }) => path).sort()).toEqual([
      '/',
      '/assets/',
      '= /',
      '~ ^/(login|signup|partnerLogin)$',
    ]);
    expect(proxied.map(({ path }) => path).sort()).toEqual([
      '/api/',
      '/socket.io/',
      '/userProfile/',
    ]);
    // A location's own add_header (Cache-Control) hides the server's, so each includes them.
    for (const { path, body } of served) {
      const snippet = path === '/assets/' ? ASSET_SNIPPET : SNIPPET;
      expect({ path, includes: body.includes(`include ${snippet};`) }).toEqual({
        path,
        includes: true,
      });
    }
    // The API sends its own: added again, each header would arrive twice.
    for (const { path, body } of proxied) {
      expect({ path, adds: /add_header|include/.test(body) }).toEqual({ path, adds: false });
    }
    const serverLevel = conf.replace(LOCATION, '');
    expect(serverLevel).not.toMatch(/add_header|include/);
  });

  it('is copied into the console image where nginx.conf includes it', () => {
    expect(read('Dockerfile')).toContain(
      `COPY apps/console/nginx-security-headers.conf ${SNIPPET}`,
    );
    expect(read('Dockerfile')).toContain(
      `COPY apps/console/nginx-asset-headers.conf ${ASSET_SNIPPET}`,
    );
  });
});
