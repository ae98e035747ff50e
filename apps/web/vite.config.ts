import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { TREESHAKE } from './build/treeshake';
import { leaveOutUnusedModules } from './build/unusedModules';

const SERVER = 'http://localhost:8080';
/** What each chunk holds, for finding what makes a page heavy: open it in a browser after a build. */
const BUNDLE_REPORT = fileURLToPath(new URL('./build-report/bundle.html', import.meta.url));

/**
 * What every page runs, /login included: React, the router and i18next. One chunk instead of some twenty small
 * ones (fewer requests, and it compresses better); a module is added here only if /login loads it already, so no
 * page grows.
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements)\//;

/**
 * What every page but /login runs (app/ThemedProviders): emotion and MUI's styling system, theme and baseline. One
 * chunk, loaded beside the page's own code; MUI's components go with the pages that show them.
 */
const MUI = /\/node_modules\/(@emotion\/[^/]+|stylis|react-is|prop-types|clsx|@babel\/runtime|hoist-non-react-statics|@mui\/(system|utils|styled-engine|private-theming)|@mui\/material\/(styles|utils|zero-styled|DefaultPropsProvider|ButtonBase|Paper|Box|Typography|Button|CssBaseline|GlobalStyles|Alert|IconButton|SvgIcon|Collapse|transitions|Stack|Container|AppBar|Toolbar|internal\/svg-icons)|react-transition-group)\//;

/**
 * What a lazy import preloads beside its chunk. From the entry chunk (the route table and the texts' loaders, on every
 * page and /login's first chunk), only the shared chunks (`SHARED_PRELOAD`): listing every page's own small chunks there
 * cost each first page about 3.5 KB on the wire and grew with every route; a page's own chunks load as its code asks for
 * them. Deeper lazy imports (a wizard's later step, a dialog) keep their whole list.
 */
const SHARED_PRELOAD = /(^|\/)assets\/(framework|mui|query)-/;
function preloadFromEntry(_file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }): string[] {
  return context.hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(context.hostId) ? deps.filter((dep) => SHARED_PRELOAD.test(dep)) : deps;
}

export default defineConfig({
  plugins: [leaveOutUnusedModules(), react(), visualizer({ filename: BUNDLE_REPORT, template: 'treemap', gzipSize: true }), precompress()],
  build: {
    outDir: 'dist',
    // Every browser the app supports preloads modules itself (Safari from 17); an older one only loses the head start.
    modulePreload: { polyfill: false, resolveDependencies: preloadFromEntry },
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: TREESHAKE,
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Every page with data runs nearly all of TanStack Query: one chunk compresses better than its
          // default split into five, and /login, without data, still loads none of it.
          groups: [
            { name: 'query', test: /\/node_modules\/@tanstack\// },
            // With its dependencies: a framework module split from what it imports ran before it was ready.
            { name: 'framework', test: FRAMEWORK, includeDependenciesRecursively: true },
            { name: 'mui', test: MUI, includeDependenciesRecursively: true },
          ],
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
