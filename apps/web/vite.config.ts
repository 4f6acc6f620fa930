import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves dist/ with a history fallback and the API under /api; in development the
// dev server forwards /api to it.
export default defineConfig({
  plugins: [react()],
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
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/,
              priority: 20,
            },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod|notistack)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
