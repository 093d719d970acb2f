// `npm run bench:console`: what a visitor's browser receives on its first load of the public
// site, measured in Debian's Chromium against the built portal served the way production
// serves it (the API process with the built console, precompressed brotli/gzip assets). The
// baseline, measured in the same run, is the same load with compression refused
// (`Accept-Encoding: identity`). It also lists any admin-area code in that load (there must be
// none).
import { chromium } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../tests/support/chromium.mjs';
import {
  adminQuery,
  benchServers,
  cleanup,
  onCleanup,
  repoRoot,
  startApiProcess,
  writeResult,
} from './support.mjs';

const dist = join(repoRoot, 'apps/console/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const servers = benchServers();
const database = `khata_bench_console_${randomUUID().slice(0, 8)}`;
onCleanup(() =>
  adminQuery(servers.postgresUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
);
const pages = ['/', '/about-us', '/tools/loan-calculator', '/login'];
const startedAt = new Date().toISOString();

try {
  const api = await startApiProcess({
    role: 'api',
    env: {
      DATABASE_URL: `${servers.postgresUrl}/${database}`,
      REDIS_URL: servers.redisUrl,
      REDIS_PREFIX: `khata-bench-${database}`,
      CONSOLE_DIST: dist,
    },
  });
  onCleanup(api.stop);
  const origin = `http://127.0.0.1:${api.port}`;

  const browser = await chromium.launch(chromiumLaunchOptions);
  onCleanup(() => browser.close());
  const results = [];
  for (const path of pages) {
    const compressed = await firstLoad(browser, origin, path, {});
    const baseline = await firstLoad(browser, origin, path, { 'accept-encoding': 'identity' });
    results.push({ path, compressed, baseline });
  }
  report(results);
  console.log(`written ${writeResult('console', { startedAt, results })}`);
} finally {
  await cleanup();
}

/**
 * One first visit on a phone viewport: every response's bytes as received (bodies as sent over
 * the wire, and with their headers), and decoded.
 */
async function firstLoad(browser, origin, path, extraHTTPHeaders) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders,
  });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  const files = [];
  for (const request of responses) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    const body = await response.body().catch(() => Buffer.alloc(0));
    files.push({
      url: new URL(request.url()).pathname,
      type: request.resourceType(),
      encoding: response.headers()['content-encoding'] ?? 'identity',
      body: sizes.responseBodySize,
      received: sizes.responseBodySize + sizes.responseHeadersSize,
      decoded: body.length,
    });
  }
  await context.close();
  const sum = (pick, key) => files.filter(pick).reduce((total, file) => total + file[key], 0);
  const script = (file) => file.type === 'script';
  const css = (file) => file.type === 'stylesheet';
  return {
    files: files.length,
    jsReceived: sum(script, 'body'),
    jsDecoded: sum(script, 'decoded'),
    cssReceived: sum(css, 'body'),
    totalReceived: sum(() => true, 'received'),
    encodings: [...new Set(files.filter(script).map((file) => file.encoding))],
    adminCode: files.filter((file) => /admin/i.test(file.url)).map((file) => file.url),
    perFile: files,
  };
}

function report(results) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`.padStart(9);
  console.log(
    'first load (phone)        JS bodies    JS decoded  CSS bodies all + headers  baseline (identity)  ratio  JS encoding  admin-area code',
  );
  for (const { path, compressed: c, baseline: b } of results) {
    console.log(
      `${path.padEnd(26)}${kb(c.jsReceived)}   ${kb(c.jsDecoded)}  ${kb(c.cssReceived)}  ${kb(c.totalReceived)}     ${kb(b.totalReceived)}        ${(c.totalReceived / b.totalReceived).toFixed(2)}×  ${c.encodings.join('/').padEnd(11)}  ${c.adminCode.length ? c.adminCode.join(', ') : 'none'}`,
    );
  }
}
