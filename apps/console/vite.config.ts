import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';

const apiOrigin = 'http://127.0.0.1:3000';

const ANTD_MODULES =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|clsx|dayjs|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|stylis|@emotion)[\\/]/;

/** The chunk of the public shell and home page (see codeSplitting below). */
const PUBLIC_CHUNK = 'public';

/**
 * Preloads the public chunk and its stylesheet from index.html. The router asks for a lazy
 * route's code only once the entry has run, a round trip later (562 ms each on a slow 4G
 * connection); with these links the browser fetches them alongside the entry. The preload
 * helper finds the stylesheet already linked and does not add it twice.
 */
function preloadPublicChunk(): Plugin {
  return {
    name: 'khata-preload-public-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        // The group's chunk, not a text file's: locales/<language>/public.json is a chunk
        // named `public` too (issue 30), and preloading it instead cost /login a file and a
        // round trip.
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.name === PUBLIC_CHUNK && !output.isDynamicEntry,
        );
        if (!chunk || chunk.type !== 'chunk')
          throw new Error(`No ${PUBLIC_CHUNK} chunk to preload`);
        const styles = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

// Resolve every path from this file, so `vite build apps/console` from the repo root and
// `npm run build -w @khata/console` produce the same output.
const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    react(),
    preloadPublicChunk(),
    // Every text asset also as .br and .gz, compressed once at build time at the highest
    // levels; the API serves whichever the browser accepts (apps/api console/serve-console.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      exclude: [/\.(png|jpe?g|webp|avif|gif|woff2?)$/],
    }),
  ],
  resolve: {
    // The console compiles libs/domain from source; no library build is needed first.
    alias: { '@khata/domain': fromHere('../../libs/domain/src/index.ts') },
  },
  // `vite preview` reuses server.proxy.
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
  build: {
    // KHATA_CONSOLE_OUT_DIR lets parallel builds (several browser-test runs) not share dist/.
    outDir: process.env.KHATA_CONSOLE_OUT_DIR ?? fromHere('dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // A shared chunk is named after its group alone (`antd-<hash>.js`), not after every
        // lazy module that shares it: shorter preload maps, and no admin name on public files.
        // A text file of the console (i18n/locales/<language>/<namespace>.json) is named for
        // both, so `hi-public` is never taken for the public chunk.
        chunkFileNames: (chunk) => {
          const texts = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(
            chunk.facadeModuleId ?? '',
          );
          if (texts) return `assets/texts-${texts[1]}-${texts[2]}-[hash].js`;
          return `assets/${chunk.name.split('~')[0]}-[hash].js`;
        },
        codeSplitting: {
          groups: [
            // React, the router and TanStack Query change rarely: one long-cached chunk every
            // page needs. One, not two: on HTTP/1.1 a browser opens six connections to a host,
            // and a seventh file of the first load waits a whole round trip (562 ms on slow
            // 4G) for a free one. (rolldown keeps its runtime helpers in a chunk of their own.)
            {
              name: 'react',
              test: /([\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser|@tanstack)[\\/])/,
              priority: 30,
            },
            // The app code every page runs before its route (router, session, API client,
            // the domain rules they use) in one chunk, rather than a dozen sub-kilobyte ones
            // that each cost a request and ~1 kB of headers.
            { name: 'app', tags: ['$initial'], priority: 15 },
            // The public shell, the home page and the navbar's session menu: every public
            // page needs them, so one chunk, preloaded from index.html (preloadPublicChunk).
            // Issue 30: the sign-in screens, their location gate and plain form fields too
            // (about 6 kB compressed): the next page every user loads then arrives with the
            // entry instead of a round trip after it (562 ms on slow 4G), in no extra file.
            {
              name: PUBLIC_CHUNK,
              test: /[\\/]apps[\\/]console[\\/]src[\\/](shells[\\/]public|features[\\/]home|features[\\/]auth|features[\\/]location|ui[\\/]form|ui[\\/]button)[\\/]|[\\/]libs[\\/]domain[\\/]src[\\/]account-fields\.ts$/,
              priority: 12,
            },
            // antd and its runtime, split by which lazy routes use them (entriesAware), so
            // the admin area's tables and forms stay out of the public first load. Its reset
            // stylesheet is the entry's (main.tsx), so it joins the entry's CSS.
            {
              name: 'antd',
              test: (id) => ANTD_MODULES.test(id) && !id.includes('reset.css'),
              priority: 10,
              entriesAware: true,
            },
          ],
        },
      },
    },
  },
});
