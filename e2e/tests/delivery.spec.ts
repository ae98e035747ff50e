import { expect, type Browser, type BrowserContext, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, test } from '../fixtures';

/**
 * The web app's weight and delivery (issue 13): every page's JavaScript, counted in bytes on the wire
 * (compressed), stays within its budget, and a second visit fetches no JavaScript at all.
 */

const KB = 1024;

interface PageBudget {
  path: string;
  /** Bytes of JavaScript on the wire: issue 13's budget. */
  budget: number;
  /** Signed in as this demo account; signed out when absent. */
  account?: string;
  /** Chunks, by the start of their file name, that the page must not load (code it does not show). */
  never: string[];
  /** What shows once the page is ready. */
  ready: (page: Page) => Locator;
}

/** The budgets of issue 13; back-office pages (≤ 350 KB each) join this table as they are built. */
const BUDGETS: PageBudget[] = [
  {
    path: '/login',
    budget: 120 * KB,
    // 95.1 KB, 6 files (27 Nov 2026), since /login is a bare page of plain elements: MUI's theme, emotion and the
    // toasts (mui-, ThemedProviders-) load with every other page. No API calls, so no TanStack Query; signed out, so no gate.
    never: ['query-', 'QueryProvider-', 'RouteGate-', 'mui-', 'ThemedProviders-'],
    ready: (page) => page.getByRole('button', { name: 'Login with Vireo' }),
  },
  {
    path: '/book?service=video_gp_vireo',
    budget: 170 * KB,
    // 168.5 KB, 33 files (27 Nov 2026), since the slot step checks a kept hold and the service name by hand: zod
    // (schemas-) and its messages load with the details step's form, once a time is held. MUI X's pickers live in the
    // patient's UkDates chunk; booking's own DayCalendar replaced them here.
    never: ['RouteGate-', 'useLive-', 'UkDates-', 'schemas-', 'zod-messages-', 'formResolver-'],
    ready: (page) => page.getByRole('main').getByText('Select Time', { exact: true }),
  },
  {
    path: '/patient/dashboard',
    budget: 170 * KB,
    // 158.6 KB, 35 files (27 Nov 2026), since answers are not parsed again in the browser and contracts' constants
    // live apart from their schemas: zod (schemas-) is no longer loaded here.
    account: DEMO.patient,
    // The top bar's layout only; the profile menu's popup loads when opened; a patient sees no claimable count; the
    // incoming call's dialog and audio load when a call rings; no form, so no zod.
    never: ['DrawerLayout-', 'ProfileMenuItems-', 'ClaimableCount-', 'IncomingCallDialog-', 'useVoiceLink-', 'schemas-'],
    ready: (page) => page.getByRole('heading', { name: /^Welcome/ }),
  },
  {
    path: '/practitioner/dashboard',
    budget: 250 * KB,
    // 228.1 KB, 70 files (27 Nov 2026), without zod (schemas-, 18.3 KB) since the lists' answers are not parsed again.
    account: DEMO.practitioner,
    never: ['TopBarLayout-', 'schemas-'],
    ready: (page) => page.getByRole('table', { name: 'Claimable Appointments' }),
  },
];

/** A fresh browser context (empty cache), signed in through a one-time token when `account` is given. */
async function freshContext(browser: Browser, account?: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (account) {
    const session = await apiSession(context.request, account);
    const { role } = (await (await context.request.get('/api/login/session', { headers: { authorization: `Bearer ${session.token}` } })).json()) as { role: { name: string } };
    await context.addInitScript(
      ({ token, roleName }) => {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('role', roleName);
      },
      { token: session.token, roleName: role.name },
    );
  }
  return context;
}

interface Transfer {
  url: string;
  /** Bytes on the wire: the encoded body as received. */
  bytes: number;
  encoding: string | undefined;
}

/** Loads `path` and answers every JavaScript file the page fetched from the network. */
async function loadCountingJs(page: Page, target: PageBudget): Promise<Transfer[]> {
  const pending: Promise<Transfer>[] = [];
  const count = (request: Request) => {
    if (!new URL(request.url()).pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding: response?.headers()['content-encoding'] };
      })(),
    );
  };
  page.on('requestfinished', count);
  await page.goto(target.path);
  await expect(target.ready(page)).toBeVisible({ timeout: 30_000 }); // bytes are counted, not time: a loaded machine may take a while
  await page.waitForLoadState('networkidle');
  // What the page fetched until the network went quiet is its load; a request finishing later would ask for its sizes
  // after the context closed (CI: 'Target page, context or browser has been closed').
  page.off('requestfinished', count);
  return Promise.all(pending);
}

const describe = (files: Transfer[]) =>
  [...files]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map((f) => `${f.url} ${(f.bytes / KB).toFixed(1)} KB (${f.encoding ?? 'identity'})`)
    .join('\n');

test.describe('JavaScript budgets, bytes on the wire', () => {
  for (const target of BUDGETS) {
    test(`${target.path} loads at most ${target.budget / KB} KB of JavaScript`, async ({ browser }) => {
      const context = await freshContext(browser, target.account);
      const files = await loadCountingJs(await context.newPage(), target);
      const total = files.reduce((sum, f) => sum + f.bytes, 0);
      const summary = `${target.path}: ${files.length} files, ${(total / KB).toFixed(1)} KB on the wire (budget ${target.budget / KB} KB); the five largest:\n${describe(files)}`;
      process.stdout.write(`${summary}\n`);
      expect(files.length).toBeGreaterThan(0);
      // Every script arrives compressed.
      expect(files.filter((f) => f.encoding !== 'br' && f.encoding !== 'gzip').map((f) => f.url)).toEqual([]);
      // None of these pages shows a phone field yet (the wizard's first step is the slot picker): the phone rule stays out.
      expect(files.map((f) => f.url).filter((url) => url.includes('/telephone-'))).toEqual([]);
      expect(files.map((f) => f.url).filter((url) => target.never.some((name) => url.startsWith(`/assets/${name}`)))).toEqual([]);
      expect(total, summary).toBeLessThanOrEqual(target.budget);
      await context.close();
    });
  }
});

test.describe('caching', () => {
  for (const target of [BUDGETS[0]!, BUDGETS[2]!]) {
    test(`a second visit to ${target.path} fetches no JavaScript from the network`, async ({ browser }) => {
      const context = await freshContext(browser, target.account);
      const first = await loadCountingJs(await context.newPage(), target);
      expect(first.length).toBeGreaterThan(0);
      const again = await context.newPage();
      await again.goto(target.path);
      await expect(target.ready(again)).toBeVisible();
      await again.waitForLoadState('networkidle');
      // Resource timing reports a transfer size of 0 for an answer taken from the cache without asking the server.
      const fetched = await again.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ url: new URL(entry.name).pathname, transferSize: entry.transferSize })),
      );
      expect(fetched.length).toBeGreaterThan(0);
      expect(fetched.filter((entry) => entry.transferSize > 0)).toEqual([]);
      await context.close();
    });
  }
});

/**
 * Holds back the live socket's events (and answers them): another spec's change to the demo practitioner's
 * appointments is an event that rightly refetches a list, so a list asked for twice here is the page's own doing.
 */
async function withoutLiveEvents(page: Page): Promise<string[]> {
  const held: string[] = [];
  await page.routeWebSocket(/\/api\/live$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      const text = String(message);
      if ((JSON.parse(text) as { type: string }).type === 'event') held.push(text);
      else socket.send(message);
    });
  });
  return held;
}

/** A pause before answering, for what the page loads after its first chunk. */
const slowly = (ms: number) => (route: Route) => new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => route.continue());

const FIRST_LOADS = [
  { name: 'as served', slow: false },
  { name: 'with the product names, texts and page code slow to arrive on a throttled CPU', slow: true },
];

for (const load of FIRST_LOADS) {
  test(`the practitioner dashboard asks for each of its lists once on first load, ${load.name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const target = BUDGETS.find((b) => b.path === '/practitioner/dashboard')!;
    const context = await freshContext(browser, target.account);
    const page = await context.newPage();
    await withoutLiveEvents(page);
    if (load.slow) {
      // The product names answer after the lists, and every chunk after the first (the feature's texts, its pages)
      // arrives late: nothing that loads later may start a list's request again.
      await page.route('**/api/booking/services', slowly(1500));
      await page.route(/\/assets\/.+\.js$/, slowly(400));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 2 });
    }
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto(target.path);
    await expect(target.ready(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toHaveCount(4, { timeout: 30_000 });
    // Until the product names (asked for once a table has rows) and everything else have answered.
    await page.waitForLoadState('networkidle');
    const lists = asked.filter((url) => url.startsWith('/api/booking/') && url !== '/api/booking/services');
    // Claimable, Upcoming, Available and Past, and the claimable count.
    expect(lists, asked.join('\n')).toHaveLength(5);
    expect(asked.filter((url, i) => asked.indexOf(url) !== i), asked.join('\n')).toEqual([]);
    await context.close();
  });
}
