import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, signInTo, test } from '../fixtures';
import { mailbox } from '../mailbox';

// Two browsers and live delivery on a shared machine: more patience than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** 11:00 in London on a summer day: within the support hours (the page reads its own clock). */
const DAYTIME = new Date('2026-06-10T10:00:00Z');
/** 22:30 in London: outside them. */
const NIGHT = new Date('2026-06-10T21:30:00Z');

/**
 * Waits until the server counts a member of staff online, as it does once their chat page has said so: a customer's
 * page opened after this within the support hours offers 'Start a chat', never 'Continue by e-mail'.
 */
async function staffOnline(page: Page) {
  await expect
    .poll(async () => ((await (await page.request.get('/api/chat/v1/chat/status')).json()) as { staff_online: boolean }).staff_online)
    .toBe(true);
}

/** Starts a chat within the support hours with a member of staff online (`staffOnline`). */
async function startChat(page: Page, name: string, email: string) {
  await page.goto('/chats/app/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Start a chat' }).click();
  await expect(page.getByText('Waiting for a member of our team to join…')).toBeVisible();
}

test.describe('chats', () => {
  test('a customer starts a chat, a shift manager claims it live, they write to each other, closing is shown and the transcript e-mailed', async ({ browser }) => {
    const staffContext = await browser.newContext();
    const customerContext = await browser.newContext();
    try {
      const staff = await staffContext.newPage();
      await signIn(staff, DEMO.shiftManager);
      await staff.getByRole('link', { name: /^Chats with Customers/ }).click();
      await expect(staff).toHaveURL(/\/chats\/customer$/);
      await expect(staff.getByRole('tab', { name: /Claimable Chats/ })).toHaveAttribute('aria-selected', 'true');

      await staffOnline(staff);
      const customer = await customerContext.newPage();
      await customer.clock.setFixedTime(DAYTIME);
      const name = `Ada Lovelace`;
      const email = `chat-${Date.now()}@example.test`;
      await startChat(customer, name, email);
      await expect(customer.getByText('Our support team answers from 7 AM to 7 PM UK time, 7 days.')).toBeVisible();
      await expectAccessible(customer);

      // The new chat reaches the staff page live.
      const row = staff.getByRole('row').filter({ hasText: name }).last();
      await expect(row).toBeVisible();
      await expect(staff.getByRole('table', { name: 'Claimable Chats' }).getByRole('columnheader')).toHaveText(['Chat ID', 'Customer', 'Action']);
      await expectAccessible(staff);
      await row.getByRole('button', { name: /^Claim chat / }).click();
      await expect(staff.getByRole('status').filter({ hasText: 'Chat claimed' })).toBeVisible();

      await expect(customer.getByText('You are chatting with our support team.')).toBeVisible();
      await staff.getByRole('tab', { name: 'My Picked chats' }).click();
      const room = staff.getByRole('region', { name: `Chat with ${name}` }).last();
      await expect(room).toBeVisible();

      await customer.getByLabel('Message', { exact: true }).fill('Hello, my test kit has not arrived.');
      await customer.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText('Hello, my test kit has not arrived.');

      await room.getByLabel('Message', { exact: true }).fill('Sorry to hear that, let me check the courier.');
      await room.getByRole('button', { name: 'Send' }).click();
      await expect(customer.getByRole('log')).toContainText('Sorry to hear that, let me check the courier.');

      // An internal note stays with the staff.
      await room.getByLabel('Internal note (the customer does not see it)').check();
      await room.getByLabel('Message', { exact: true }).fill('Courier says Friday.');
      await room.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText('Courier says Friday.');
      await expectAccessible(staff);

      await room.getByRole('button', { name: 'Close the conversation' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(customer.getByRole('log')).toContainText('Sam Whitfield closed conversation');
      await expect(customer.getByRole('log')).not.toContainText('Courier says Friday.');
      await expect(customer.getByText('This conversation is closed.').first()).toBeVisible();

      await customer.getByRole('button', { name: 'E-mail me the transcript' }).click();
      await expect(customer.getByRole('status').filter({ hasText: 'The transcript will be e-mailed to you.' })).toBeVisible();
      const mail = await mailbox.waitFor(email);
      expect(mail.text).toContain('Hello, my test kit has not arrived.');
      expect(mail.text).toContain('Sam Whitfield closed conversation');
      expect(mail.text).not.toContain('Courier says Friday.');
      await expectAccessible(customer);
    } finally {
      await staffContext.close();
      await customerContext.close();
    }
  });

  test("a customer leaves, staff answer: the e-mailed room link opens the room with the answer, and a wrong link opens nothing", async ({ browser }) => {
    const staffContext = await browser.newContext();
    const customerContext = await browser.newContext();
    const returnContext = await browser.newContext();
    try {
      const staff = await staffContext.newPage();
      await signIn(staff, DEMO.shiftManager);
      await staff.getByRole('link', { name: /^Chats with Customers/ }).click();
      await staffOnline(staff);
      const customer = await customerContext.newPage();
      await customer.clock.setFixedTime(DAYTIME);
      const name = 'Mary Somerville';
      const email = `chat-link-${Date.now()}@example.test`;
      await startChat(customer, name, email);
      const row = staff.getByRole('row').filter({ hasText: name }).last();
      await row.getByRole('button', { name: /^Claim chat / }).click();
      await expect(customer.getByText('You are chatting with our support team.')).toBeVisible();

      // The customer leaves: their page says so as it goes, and staff see them offline.
      await customer.goto('about:blank');
      await customerContext.close();
      await staff.reload();
      await staff.getByRole('tab', { name: 'My Picked chats' }).click();
      const room = staff.getByRole('region', { name: `Chat with ${name}` }).last();
      await expect(room.getByText('Offline')).toBeVisible();
      await room.getByLabel('Message', { exact: true }).fill('Your kit was dispatched this morning.');
      await room.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText('Your kit was dispatched this morning.');

      const mail = await mailbox.waitFor(email, (m) => m.text.includes('has answered your chat'));
      expect(mail.text).not.toContain('Your kit was dispatched this morning.');
      const link = /https?:\/\/\S+\/chats\/app\/customer#\S+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      expect(link).not.toContain('?');

      // The link opens the room in a new tab: its token is kept for the tab and gone from the address bar.
      const back = await returnContext.newPage();
      await back.clock.setFixedTime(DAYTIME);
      await back.goto(link!);
      await expect(back.getByRole('log')).toContainText('Your kit was dispatched this morning.');
      await expect(back).toHaveURL(/\/chats\/app\/customer$/);
      await expectAccessible(back);
      await back.getByLabel('Message', { exact: true }).fill('Thank you, I will look out for it.');
      await back.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText('Thank you, I will look out for it.');
      await back.reload();
      await expect(back.getByRole('log')).toContainText('Thank you, I will look out for it.');

      // A wrong token: the spec's words and nothing else.
      const token = new URLSearchParams(new URL(link!).hash.slice(1)).get('token')!;
      const wrong = await returnContext.newPage();
      await wrong.goto(link!.replace(token, `${token.slice(0, -4)}AAAA`));
      await expect(wrong.getByRole('alert')).toHaveText('Unable to retrieve rooms.');
      await expect(wrong).toHaveURL(/\/chats\/app\/customer$/);
      await expect(wrong.getByRole('log')).toHaveCount(0);
      await expect(wrong.getByRole('button', { name: /^(Start a chat|Continue by e-mail)$/ })).toHaveCount(0);
      await expectAccessible(wrong);
    } finally {
      await staffContext.close();
      await customerContext.close();
      await returnContext.close();
    }
  });

  test('outside the support hours the page says so and offers to continue by e-mail', async ({ page }) => {
    await page.clock.setFixedTime(NIGHT);
    await page.goto('/chats/app/customer');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('We are closed now. Our support team answers from 7 AM to 7 PM UK time, 7 days.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue by e-mail' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the booking page and the video landing page carry a launcher that opens the chat in a panel', async ({ page, browser }) => {
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signInTo(staff, DEMO.shiftManager, '/chats/customer');
    await staffOnline(staff);
    await page.clock.setFixedTime(DAYTIME);
    await page.goto('/book?service=video_gp_vireo');
    await expect(page.getByRole('main').getByText('Select Time', { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(panel.getByRole('heading', { level: 2, name: 'Chat with us' })).toBeVisible();
    await expect(panel.getByText('Our support team answers from 7 AM to 7 PM UK time, 7 days.')).toBeVisible();
    await expectAccessible(page);
    await panel.getByLabel('Your name').fill('Mary Somerville');
    await panel.getByLabel('Your e-mail address').fill(`launcher-${Date.now()}@example.test`);
    await panel.getByRole('button', { name: 'Start a chat' }).click();
    await expect(panel.getByText('Waiting for a member of our team to join…')).toBeVisible();
    // Closing the panel keeps the chat: opening it again finds the same room.
    await panel.getByRole('button', { name: 'Close the chat' }).click();
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat with us' }).getByText('Waiting for a member of our team to join…')).toBeVisible();

    // The video landing page carries it too, and the tab's chat goes with it.
    await page.goto('/appointment?appointmentId=00000000-0000-4000-8000-000000000000&short_token=unknown');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat with us' }).getByText('Waiting for a member of our team to join…')).toBeVisible();
    await staffContext.close();
  });

  test('customer services reach the customers’ chats from their home and their menu, counted live; a claim updates the Claimable Chats badge', async ({ page }) => {
    await signIn(page, DEMO.support);
    const card = page.getByRole('list', { name: 'Management' }).getByRole('link', { name: /^Chats with Customers/ });
    await expect(card).toHaveAttribute('href', '/chats/customer');
    // A customer's chat waits to be claimed, started through the API (the customer's side is the first test's story).
    // A name of letters only, this run's own.
    const name = `Cara ${Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
    const started = await page.request.post('/api/chat/chat/token', { data: { identity: { name, email: `chat-cs-${Date.now()}@example.test` } } });
    expect(started.status()).toBe(201);
    const { token } = (await started.json()) as { token: string };
    const opened = await page.request.post('/api/chat/v1/chat/room', { headers: { 'x-chat-token': token }, data: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
    expect(opened.status()).toBe(201);
    await expect(card).toContainText(/[1-9]\d* unread/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const entry = page.getByRole('menuitem', { name: /^Chats with Customers/ });
    await expect(entry).toContainText(/[1-9]\d* unread/);
    await entry.click();
    await expect(page).toHaveURL(/\/chats\/customer$/);
    const claimableTab = page.getByRole('tab', { name: /Claimable Chats/ });
    const badge = claimableTab.locator('.MuiBadge-badge');
    const rows = page.getByRole('table', { name: 'Claimable Chats' }).getByRole('row').filter({ has: page.getByRole('button', { name: /^Claim chat / }) });
    const row = rows.filter({ hasText: name });
    await expect(row).toBeVisible();
    // On My Picked chats the Claimable Chats badge counts the chats waiting; after a claim it counts one fewer.
    await page.getByRole('tab', { name: 'My Picked chats' }).click();
    await expect(badge).toHaveText(/^[1-9]\d*$/);
    await claimableTab.click();
    const waiting = await rows.count();
    await row.getByRole('button', { name: /^Claim chat / }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Chat claimed' })).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'My Picked chats' }).click();
    await expect(page.getByRole('region', { name: `Chat with ${name}` })).toBeVisible();
    await expect.poll(async () => ((await badge.isVisible()) ? Number(await badge.textContent()) : 0)).toBe(waiting - 1);
  });

  test('a staff room between two colleagues with unread counts', async ({ browser }) => {
    const managerContext = await browser.newContext();
    const practitionerContext = await browser.newContext();
    try {
      // The practitioner's page is open (its drawer subscribed to the live chat topic) before the room exists.
      const practitioner = await practitionerContext.newPage();
      await signIn(practitioner, DEMO.practitioner);
      const entry = practitioner.getByRole('link', { name: /^Internal Chats/ });
      await expect(entry).toBeVisible();
      const manager = await managerContext.newPage();
      await signIn(manager, DEMO.shiftManager);
      await manager.getByRole('link', { name: /^Internal Chats/ }).click();
      await expect(manager).toHaveURL(/\/chats\/internal$/);
      await manager.getByRole('button', { name: 'New room' }).click();
      const dialog = manager.getByRole('dialog', { name: 'New staff room' });
      await dialog.getByLabel('Grace Okafor').check();
      await expectAccessible(manager);
      await dialog.getByRole('button', { name: 'Create room' }).click();
      const room = manager.getByRole('region', { name: 'Chat: Grace Okafor' }).first();
      await expect(room).toBeVisible();

      const message = `Can you take the 3 pm slot? ${Date.now()}`;
      await room.getByLabel('Message', { exact: true }).fill(message);
      await room.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText(message);
      // The drawer counts it live.
      await expect(entry).toContainText(/[1-9]\d* unread/);
      await entry.click();
      const theirs = practitioner.getByRole('region', { name: 'Chat: Sam Whitfield' }).filter({ hasText: message });
      await expect(theirs.getByRole('log')).toContainText(message);
      // Opening the room reads it.
      await expect(entry).not.toContainText(/unread/);
      await theirs.getByLabel('Message', { exact: true }).fill('Yes');
      await theirs.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText('Yes');
      await expectAccessible(practitioner);
    } finally {
      await managerContext.close();
      await practitionerContext.close();
    }
  });
});
