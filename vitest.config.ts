import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A worker per core. Vitest's own default is one less than the cores, which on CI's two cores is a
    // single worker while vitest's main process sits idle, so every file ran one after another.
    maxWorkers: os.availableParallelism(),
    // A file whose rules are days and hours in London says so with `// @module-tag wall-clock`: those files run
    // again with the process clock shifted (scripts/run-api-at-shifted-clock.mjs), and a check fails an API test
    // file that names London without the tag (apps/server/src/test/wall-clock-tags.unit.test.ts).
    tags: [{ name: 'wall-clock', description: 'Rules that are days and hours in London: run again with the process clock shifted (late evening, clock change).' }],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          // A rendered page's test (jsdom, MUI) takes a second alone; with a worker per core on two busy cores, two
          // of them timed out at vitest's default 5 s. A passing test never waits the whole time.
          testTimeout: 20_000,
          setupFiles: ['apps/web/src/test/testing-library.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker runs its files in one process: the server's modules are imported once, not once a file, and
          // the files share the worker's database (test/harness.ts). Each file builds its own app and clock.
          isolate: false,
        },
      },
    ],
  },
});
