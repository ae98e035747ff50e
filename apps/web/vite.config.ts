import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { leaveOutUnusedModules } from './build/unusedModules';

const SERVER = 'http://localhost:8080';
/** What each chunk holds, for finding what makes a page heavy: open it in a browser after a build. */
const BUNDLE_REPORT = fileURLToPath(new URL('./build-report/bundle.html', import.meta.url));

export default defineConfig({
  plugins: [leaveOutUnusedModules(), react(), visualizer({ filename: BUNDLE_REPORT, template: 'treemap', gzipSize: true }), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Every page with data runs nearly all of TanStack Query: one chunk compresses better than its
          // default split into five, and /login, without data, still loads none of it.
          groups: [{ name: 'query', test: /\/node_modules\/@tanstack\// }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, ws: true },
      '/identity': SERVER,
    },
  },
});
