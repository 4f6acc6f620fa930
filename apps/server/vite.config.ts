import { defineConfig } from 'vite';

// Builds the server into one ES module; npm dependencies stay external (PGlite loads its own files).
export default defineConfig({
  build: {
    ssr: 'src/server.ts',
    outDir: 'dist',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'server.js' } },
  },
  ssr: { noExternal: ['@lectern/contract'] },
});
