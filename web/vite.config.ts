import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://localhost:3000';

/**
 * Vendor code is split from app code so a deploy does not bust the cached libraries. The antd group
 * takes only what the landing route imports statically ($initial): components used by lazy routes
 * stay in those routes' chunks instead of growing the first download.
 */
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server names a route's chunks in its page's Link header (services/api/first-loads.ts)
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|dayjs|classnames|clsx|stylis|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|@babel[\\/]runtime)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
