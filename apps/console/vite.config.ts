import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';

const apiOrigin = 'http://127.0.0.1:3000';

// Resolve every path from this file, so `vite build apps/console` from the repo root and
// `npm run build -w @khata/console` produce the same output.
const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    react(),
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
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          groups: [
            // React and the router change rarely: one long-cached chunk every page needs.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // antd and its runtime, split by which lazy routes use them (entriesAware), so
            // the admin area's tables and forms stay out of the public first load.
            {
              name: 'antd',
              test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|clsx|dayjs|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|stylis|@emotion)[\\/]/,
              priority: 10,
              entriesAware: true,
            },
          ],
        },
      },
    },
  },
});
