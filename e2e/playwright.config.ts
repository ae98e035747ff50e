import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
/** Where the e2e server sends e-mail; tests that follow e-mailed links listen here (e2e/mailbox.ts). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2000);
/** Where tests read what the run's mailbox received (e2e/mailbox.ts). */
export const mailboxPort = smtpPort + 1;

export default defineConfig({
  testDir: './tests',
  globalSetup: './mailbox-setup.ts',
  // Generous for CI's two shared cores, where two Chromiums, the server and the runner take turns: a
  // page's first visit loads its code and texts, and a passing test never waits the whole time.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // One worker: on CI's two cores a second Chromium slowed every test more than it added (30 browser
  // tests took 5.3 minutes with two workers, 4.5 with one), and the e2e server's PGlite answers one query at a time.
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node start-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      LOGIN_ATTEMPTS_PER_IP: '1000',
      // Every spec books from this one address.
      BOOKING_HOLDS_PER_ADDRESS: '1000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      VIDEO_ALTERNATIVE_URL: 'https://meet.example.test',
    },
  },
});
