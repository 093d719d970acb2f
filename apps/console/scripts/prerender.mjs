/**
 * Issue 30: after `vite build`, renders the public pages a visitor without a session opens
 * first (src/prerender.tsx) into copies of the built index.html, `prerendered/<page>.html`
 * beside it. The API (apps/api/src/console/serve-console.ts) and nginx (nginx.conf) answer
 * those paths with them when the request carries no session cookie; the page paints before
 * its script runs, and main.tsx hydrates it.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';

const here = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.KHATA_CONSOLE_OUT_DIR ?? join(here, 'dist');
// Not in the output (nothing of it is served) but under this package, so that it finds react
// and the rest in node_modules wherever the output goes; one folder per build process.
const serverOut = join(here, 'node_modules', '.khata-prerender', String(process.pid));

await build({
  configFile: join(here, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: join(here, 'src/prerender.tsx'), outDir: serverOut, emptyOutDir: true },
});

const { PRERENDERED_PAGES, ROOT_STYLE, renderPage } = await import(
  pathToFileURL(join(serverOut, 'prerender.js')).href
);
const template = await readFile(join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
for (const part of [emptyRoot, '<html lang="en-IN">']) {
  if (!template.includes(part)) throw new Error(`index.html has no ${part}`);
}

await mkdir(join(dist, 'prerendered'), { recursive: true });
for (const [name, path] of Object.entries(PRERENDERED_PAGES)) {
  const markup = await renderPage(path);
  const page = template
    .replace('<html lang="en-IN">', `<html lang="en-IN" style="${ROOT_STYLE}">`)
    .replace(emptyRoot, `<div id="root" data-prerendered="${path}">${markup}</div>`);
  const file = join(dist, 'prerendered', `${name}.html`);
  await writeFile(file, page);
  // Compressed once here, at the levels vite.config.ts gives the other files.
  await writeFile(
    `${file}.br`,
    brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(page, { level: 9 }));
  console.log(`prerendered ${path} -> prerendered/${name}.html (${page.length} bytes)`);
}
await rm(serverOut, { recursive: true, force: true });
