// `npm run bench:console`: what a visitor's browser downloads on its first load of the public
// site, measured in Debian's Chromium against the built console (apps/console/dist), with
// its gzip size. It also lists any admin-area code in that load (there must be none).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium.mjs';
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../apps/console/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('Build the console first: npm run build -w @khata/console');
  process.exit(1);
}
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  const file = join(dist, path);
  const asset = file.startsWith(dist) && extname(path) && existsSync(file);
  response.setHeader(
    'content-type',
    asset ? (types[extname(file)] ?? 'application/octet-stream') : 'text/html',
  );
  createReadStream(asset ? file : join(dist, 'index.html')).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch(chromiumLaunchOptions);
const pages = ['/', '/about-us', '/tools/loan-calculator', '/login'];
const results = [];
try {
  for (const path of pages) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      files.push({
        url: new URL(response.url()).pathname,
        type,
        raw: body.length,
        gzip: gzipSync(body).length,
      });
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.close();
    const sum = (type, key) =>
      files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
    results.push({
      path,
      files: files.length,
      jsRaw: sum('script', 'raw'),
      jsGzip: sum('script', 'gzip'),
      cssGzip: sum('stylesheet', 'gzip'),
      adminCode: files.filter((f) => /admin/i.test(f.url)).map((f) => f.url),
    });
  }
} finally {
  await browser.close();
  server.close();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  'first load (phone viewport)   files   JS raw     JS gzip    CSS gzip   admin-area code',
);
for (const r of results) {
  console.log(
    `${r.path.padEnd(30)}${String(r.files).padStart(5)}   ${kb(r.jsRaw).padStart(9)}  ${kb(r.jsGzip).padStart(9)}  ${kb(r.cssGzip).padStart(9)}   ${r.adminCode.length ? r.adminCode.join(', ') : 'none'}`,
  );
}
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
const file = join(out, `console-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
console.log(`written ${file}`);
