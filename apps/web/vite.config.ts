import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Text assets worth compressing, and the size below which compression does not pay. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside every compressible asset once the
 * build is done: the server sends them as they are to browsers that accept them (no work per request).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lectern-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

// The server serves dist/ with a history fallback and the API under /api; in development the
// dev server forwards /api to it.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only React itself is one chunk of its own (every screen needs it); MUI, TanStack and zod
          // split by what each route imports, so sign-in loads only what sign-in uses.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
