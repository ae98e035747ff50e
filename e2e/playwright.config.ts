import { defineConfig } from '@playwright/test';

/** Where the browser tests' servers send e-mail; tests that follow e-mailed links listen here (e2e/mailbox.ts). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 10181);
/** Where tests read what the run's mailbox received (e2e/mailbox.ts). */
export const mailboxPort = smtpPort + 1;

/**
 * Debian's chromium-headless-shell (the real binary, not its shell wrapper): the headless build Playwright itself
 * prefers for headless runs, with no GPU process; its fake camera and microphone serve the video tests too.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** The settings of every worker's server (fixtures.ts), each on a fresh embedded database with the demo data. */
export const serverEnv: Record<string, string> = {
  VIREO_SEED_DEMO: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  LOGIN_ATTEMPTS_PER_IP: '1000',
  // Every spec books from this one address.
  BOOKING_HOLDS_PER_ADDRESS: '1000',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  VIDEO_ALTERNATIVE_URL: 'https://meet.example.test',
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './mailbox-setup.ts',
  // Generous for CI's two shared cores, where the browsers, the servers, the runner and the other test layers take
  // turns: a page's first visit loads its code and texts, and a passing test never waits the whole time.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Five workers, each with its own server and database (fixtures.ts): most of a test's time is waiting on a page or
  // a server, so the others' tests fill each one's waits. Alone on CI's two cores: two workers 16.3 minutes, three
  // 14.2, five 10.2 (E2E_WORKERS to change it).
  workers: Number(process.env.E2E_WORKERS ?? 5),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // No trace: recording one for every test (to keep the failures') cost more CPU than many a test itself. A failure
    // keeps its page's snapshot and a screenshot; run the test again with `--trace on` to step through it.
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a person who asks their system for reduced motion: the theme then stops spinners and pulses and makes
    // transitions instant, which also spares the browser most of its painting.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
