import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { serverEnv } from './playwright.config';

/**
 * The browser tests' `test`: each worker runs its files against a server of its own (the real server as a process,
 * on a free port, with a fresh embedded database and the demo data), so tests in two workers never meet in one
 * database; `baseURL` is that server's address. A spec that needs a server started differently starts its own
 * with `startServer`.
 */
export const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

/** A server with the browser tests' settings (`serverEnv`, overridden by `env`) on a fresh embedded database of its own, removed when it stops. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'vireo-e2e-'));
  const server = await startServerProcess({ ...serverEnv, DATA_DIR: dataDir, ...env }, { logs: true });
  const removeData = () => fs.promises.rm(dataDir, { recursive: true, force: true });
  return {
    url: server.url,
    stop: () => server.stop().then(removeData),
    kill: () => server.kill().then(removeData),
  };
}

export const DEMO_PASSWORD = 'Vireo-demo-2026';

export const DEMO = {
  patient: 'patient@demo.test',
  manager: 'manager@demo.test',
  practitioner: 'practitioner@demo.test',
  shiftManager: 'shift.manager@demo.test',
  admin: 'admin@demo.test',
  support: 'support@demo.test',
  traveller: 'traveller@demo.test',
} as const;

/** A one-time login token from the login API, as the identity page's form gets one. */
async function loginToken(page: Page, email: string, password: string): Promise<string> {
  const auth = await page.request.post('/api/login/auth', { data: { email, password } });
  expect(auth.ok(), `signing in as ${email}`).toBe(true);
  return ((await auth.json()) as { token: string }).token;
}

/**
 * Signs in through the login API and opens /verify-token with the one-time token it answers, as the
 * identity page's form does, landing on the role's dashboard. The form itself has its own tests
 * (identity.spec.ts); the rest start from a signed-in page without loading the login pages each time.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/verify-token?token=${encodeURIComponent(await loginToken(page, email, password))}`);
  // A role's home: its dashboard, or the pharmacy's booking form.
  await expect(page).toHaveURL(/\/([a-z0-9_]+\/dashboard|pharmacy\/book)$/);
}

/**
 * Signs in as `signIn` does, straight to `path` (with its query): /verify-token's `next`, as after the sign-in page
 * reached from a link opened signed out. One load of the app, where signing in and then opening the page took two.
 */
export async function signInTo(page: Page, email: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  const token = await loginToken(page, email, password);
  await page.goto(`/verify-token?${new URLSearchParams({ token, next: path }).toString()}`);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core on the page and fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are judged once transitions settle: a toast still fading in reads as low contrast. Endless
  // animations (progress bars) never settle and are left out.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays in force for the page itself.
  // Once per document: compiling axe's half a megabyte took longer than a check, and the app's own
  // navigation keeps the document, so a test's later checks of the same tab reuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = { run: (context: Document, options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Every rule still runs; only the passing and undecided nodes are no longer described one by one.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** zod's own texts ("Too small: expected string to have >=1 characters") must never reach a person. */
export async function expectNoDeveloperText(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText(/Too small|Too big|expected (string|number)|Invalid input|>=\d|<=\d/);
}
