import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../../apps/server/src/test/processes';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, signInTo, test } from '../fixtures';

/**
 * The chats with their parties on different server processes of one PostgreSQL database: a new
 * claimable chat, claims, messages and images travel between the processes through LISTEN/NOTIFY.
 * The run's own e2e server is not involved (its mailbox neither: e-mails are recorded, and read
 * back through the Messages API).
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** 11:00 in London: within the support hours (the customer's page reads its own clock). */
const DAYTIME = new Date('2026-06-10T10:00:00Z');

let servers: ServerProcess[] = [];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = await createScratchDatabase(databaseUrl);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-e2e-chat-processes-'));
  const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: dataDir, LOGIN_ATTEMPTS_PER_IP: '1000' };
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (servers.length !== 2) throw new Error('a server process did not start');
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await scratch?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function staffPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInTo(page, email, '/chats/customer');
  await expect(page.getByRole('tab', { name: /Claimable Chats/ })).toHaveAttribute('aria-selected', 'true');
  return page;
}

/** A customer's chat opened through the API of `api`'s process: their token and room. */
async function customerRoom(api: APIRequestContext, name: string) {
  const started = await api.post('/api/chat/chat/token', { data: { identity: { name, email: `race-${Date.now()}@example.test` } } });
  expect(started.status()).toBe(201);
  const { token } = (await started.json()) as { token: string };
  const room = await api.post('/api/chat/v1/chat/room', { headers: { 'x-chat-token': token }, data: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
  expect(room.status()).toBe(201);
  return ((await room.json()) as { id: string }).id;
}

/** An image's thumbnail in a log has loaded, and its full-size link answers the picture. */
async function expectImage(page: Page, alt: string, type: string) {
  const image = page.getByRole('log').getByRole('img', { name: alt });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const href = await page.getByRole('log').getByRole('link', { name: `Open the ${alt.charAt(0).toLowerCase()}${alt.slice(1)} full size` }).getAttribute('href');
  const full = await page.request.get(href!);
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toBe(type);
}

test('a customer on one process and a shift manager on the other: the chat arrives live, is claimed, typing, text and images go both ways, closing is shown and the transcript recorded', async ({ browser }) => {
  test.setTimeout(300_000);
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const staff = await staffPage(browser, a.url, DEMO.shiftManager);

  const customer = await (await browser.newContext({ baseURL: b.url })).newPage();
  await customer.clock.setFixedTime(DAYTIME);
  const name = 'Ada Lovelace';
  const email = `chat-processes-${Date.now()}@example.test`;
  await customer.goto('/chats/app/customer');
  await customer.getByLabel('Your name').fill(name);
  await customer.getByLabel('Your e-mail address').fill(email);
  await customer.getByRole('button', { name: /^(Start a chat|Continue by e-mail)$/ }).click();
  await expect(customer.getByText('Waiting for a member of our team to join…')).toBeVisible();

  // The new chat reaches the other process's staff page live; claiming it tells the customer.
  const row = staff.getByRole('table', { name: 'Claimable Chats' }).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Claim chat / }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Chat claimed' })).toBeVisible();
  await expect(customer.getByText('You are chatting with our support team.')).toBeVisible();
  await staff.getByRole('tab', { name: 'My Picked chats' }).click();
  const room = staff.getByRole('region', { name: `Chat with ${name}` });
  await expect(room).toBeVisible();

  // Typing shows on the other side, across processes, and goes when the message arrives.
  await customer.getByLabel('Message', { exact: true }).fill('Hello, the label on my kit is smudged.');
  await expect(room.getByText(`${name} is typing…`)).toBeVisible();
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(room.getByRole('log')).toContainText('Hello, the label on my kit is smudged.');
  await expect(room.getByText(`${name} is typing…`)).toBeHidden();
  await room.getByLabel('Message', { exact: true }).fill('Could you send a photo of it?');
  await expect(customer.getByText('Sam Whitfield is typing…')).toBeVisible();
  await room.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByRole('log')).toContainText('Could you send a photo of it?');

  // An image each way: picked, previewed, sent; the other side sees its thumbnail and opens it full size.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
  await customer.locator('input[type=file]').setInputFiles({ name: 'label.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(customer.getByRole('img', { name: 'Image to send: label.jpg' })).toBeVisible();
  await customer.getByLabel('Message', { exact: true }).fill('Here is the label');
  await customer.getByRole('button', { name: 'Send' }).click();
  await expectImage(staff, `Image from ${name}`, 'image/jpeg');
  await expect(room.getByRole('log')).toContainText('Here is the label');

  const drawing = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#22aa55' } }).png().toBuffer();
  await room.locator('input[type=file]').setInputFiles({ name: 'where.png', mimeType: 'image/png', buffer: drawing });
  await room.getByRole('button', { name: 'Send' }).click();
  await expectImage(customer, 'Image from Sam Whitfield', 'image/png');

  // Anything but an image is refused in the page, before it is sent.
  await customer.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(customer.getByRole('alert').filter({ hasText: 'Send a PNG, JPEG or WebP image of at most 5 MB.' })).toBeVisible();
  await expectAccessible(customer);
  await expectAccessible(staff);

  await room.getByRole('button', { name: 'Close the conversation' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(customer.getByRole('log')).toContainText('Sam Whitfield closed conversation');
  await expect(customer.getByText('This conversation is closed.').first()).toBeVisible();
  await customer.getByRole('button', { name: 'E-mail me the transcript' }).click();
  await expect(customer.getByRole('status').filter({ hasText: 'The transcript will be e-mailed to you.' })).toBeVisible();

  // Recorded (no SMTP here): the super admin reads it in Messages.
  const api = await playwrightRequest.newContext({ baseURL: a.url });
  const admin = await apiSession(api, DEMO.admin);
  const headers = { authorization: `Bearer ${admin.token}` };
  let transcriptId: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await api.get('/api/messages?limit=100', { headers })).json()) as { messages: { id: string; recipient: string; template: string }[] };
      transcriptId = list.messages.find((m) => m.recipient === email && m.template === 'chat.transcript')?.id;
      return transcriptId;
    })
    .toBeDefined();
  const mail = (await (await api.get(`/api/messages/${transcriptId}`, { headers })).json()) as { message: { body: string } };
  expect(mail.message.body).toContain('Hello, the label on my kit is smudged.');
  expect(mail.message.body).toContain('Sam Whitfield closed conversation');
  await api.dispose();
  await staff.context().close();
  await customer.context().close();
});

test('two staff on different processes claim one chat at once: one wins, the other is told', async ({ browser }) => {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const manager = await staffPage(browser, a.url, DEMO.shiftManager);
  const practitioner = await staffPage(browser, b.url, DEMO.practitioner);
  const api = await playwrightRequest.newContext({ baseURL: b.url });
  const roomId = await customerRoom(api, 'Grace Hopper');
  const claims = [manager, practitioner].map((page) => page.getByRole('button', { name: `Claim chat ${roomId}` }));
  for (const claim of claims) await expect(claim).toBeVisible();
  await Promise.all(claims.map((claim) => claim.click()));
  const outcomes = await Promise.all(
    [manager, practitioner].map(async (page) => {
      const won = page.getByRole('status').filter({ hasText: 'Chat claimed' });
      const lost = page.getByRole('alert').filter({ hasText: 'This chat has already been claimed.' });
      await expect(won.or(lost)).toBeVisible();
      return (await won.isVisible()) ? 'won' : 'lost';
    }),
  );
  expect([...outcomes].sort()).toEqual(['lost', 'won']);
  const winner = outcomes[0] === 'won' ? manager : practitioner;
  await winner.getByRole('tab', { name: 'My Picked chats' }).click();
  await expect(winner.getByRole('region', { name: 'Chat with Grace Hopper' })).toBeVisible();
  await expectAccessible(winner);
  await api.dispose();
  await manager.context().close();
  await practitioner.context().close();
});
