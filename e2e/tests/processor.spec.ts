import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, createDemoLtdPatient } from '../accounts';
import { DEMO, expectAccessible, signIn, signInTo, test } from '../fixtures';
import { mailbox } from '../mailbox';

/** A super admin of Demo Ltd, made by the demo super admin, so the processor's tasks and the bookings share an organisation. */
async function demoLtdSuperAdmin(request: APIRequestContext): Promise<{ email: string; password: string; organisationId: string }> {
  const admin = await apiSession(request, DEMO.admin);
  const demoLtd = (await apiSession(request, DEMO.patient)).organisationId;
  const email = `processor-admin-${Date.now()}@example.test`;
  const password = 'e2e processor password';
  const headers = { authorization: `Bearer ${admin.token}` };
  const user = await request.post('/api/identity/users', {
    headers,
    data: { first_name: 'Pia', last_name: 'Flow', email, password, username: email, organisation_id: demoLtd, date_of_birth: Date.UTC(1985, 1, 1) / 1000 },
  });
  expect(user.status()).toBe(201);
  const { user: created } = (await user.json()) as { user: { id: string } };
  expect((await request.post('/api/identity/roles', { headers, data: { name: 'super_admin', user_id: created.id, organisation_id: demoLtd } })).status()).toBe(201);
  return { email, password, organisationId: demoLtd };
}

/** A Demo Ltd patient books a video GP slot four days ahead through the API; answers the patient's address and the appointment. */
async function bookAsDemoLtdPatient(request: APIRequestContext): Promise<{ email: string; appointmentId: string }> {
  const patient = await createDemoLtdPatient(request, 'Quinn');
  const session = await apiSession(request, patient.email, patient.password);
  const headers = { authorization: `Bearer ${session.token}` };
  const day = new Date(Date.now() + 4 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const slots = await request.get(`/api/booking/?service=video_gp&date=${pad(day.getUTCDate())}-${pad(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`, { headers });
  expect(slots.status()).toBe(200);
  const { slots: open } = (await slots.json()) as { slots: { id: string; cost: number }[] };
  const slot = open[Math.floor(open.length / 2)]!;
  const held = await request.post(`/api/booking/${slot.id}/status`, { headers, data: { status: 'LOCKED' } });
  const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    headers,
    data: { hold_token: holdToken, amount: slot.cost, billing_details: { first_name: 'Quinn', last_name: 'Ashworth', email: patient.email, dateOfBirth: '15-06-1990' }, toc_accept: true, service: 'video_gp' },
  });
  expect(paid.status()).toBe(201);
  const { confirmation } = (await paid.json()) as { confirmation: { id: string } };
  return { email: patient.email, appointmentId: confirmation.id };
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Drags a node kind from the palette onto the canvas at a point of the canvas. */
async function dragToCanvas(page: Page, kind: string, at: { x: number; y: number }) {
  await page.getByRole('button', { name: `Add ${kind}` }).dragTo(page.getByRole('region', { name: 'Task graph' }), { targetPosition: at, timeout: 20_000 });
}

/** Connects an output handle of one node to an input handle of another by dragging on the canvas. */
async function dragConnection(page: Page, from: { node: string; port: string }, to: { node: string; port: string }) {
  const handle = (end: { node: string; port: string }, type: 'source' | 'target') => page.locator(`.react-flow__handle.${type}[data-nodeid="${end.node}"][data-handleid="${end.port}"]`);
  await handle(from, 'source').dragTo(handle(to, 'target'), { timeout: 20_000 });
}

test.describe('the workflow processor (/super_admin/processor)', () => {
  // A task is built, saved, run by a booking through the outbox and pg-boss, and run again: several minutes on a loaded machine.
  test.describe.configure({ timeout: 300_000 });
  test('a super admin builds a task by dragging nodes (appointment.booked → booking-user lookup → e-mail), test-runs it, a booking runs it, and its log shows, opens and reruns', async ({ page, request }) => {
    const admin = await demoLtdSuperAdmin(request);
    // An earlier booking whose appointment the test run reads (the task is not enabled yet, so it sends nothing for it).
    const earlier = await bookAsDemoLtdPatient(request);
    const session = await apiSession(request, admin.email, admin.password);
    const templateName = `Booked ${Date.now()}`;
    const template = await request.post('/api/processor/templates', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { name: templateName, subject_en: 'Processor: booked for {{first_name}}', body_en: 'Hello {{first_name}}, your appointment is booked.', subject_de: 'Gebucht', body_de: 'Hallo {{first_name}}' },
    });
    expect(template.status()).toBe(201);

    await signIn(page, admin.email, admin.password);
    await page.getByRole('link', { name: /^Processor/ }).click();
    await expect(page).toHaveURL(/\/super_admin\/processor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Processor' })).toBeVisible();
    await choose(page, 'Organisation', 'Demo Ltd');
    await choose(page, 'Event', 'appointment.booked');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const table = page.getByRole('table', { name: 'Processor' });
    await expect(table.getByRole('columnheader')).toHaveText(['Event', 'Organisation', 'Description', 'Enabled', 'Actions']);
    // Tasks list oldest first: the one just added is the last of its kind (a reused server may hold earlier ones).
    await expect(table.getByRole('row').filter({ hasText: 'appointment.booked' }).last()).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Edit the task appointment.booked for Demo Ltd' }).last().click();
    await expect(page).toHaveURL(/\/super_admin\/processor\/edit\/[0-9a-f-]+$/);
    await expect(page.getByTestId('node-start')).toContainText('Event start');
    await page.getByRole('textbox', { name: 'Description' }).fill('Booking e-mail');

    // The nodes are dragged from the palette onto the canvas; the lookup reads the event's appointment_id (its default path).
    const canvas = (await page.getByRole('region', { name: 'Task graph' }).boundingBox())!;
    await dragToCanvas(page, 'Booking-user lookup', { x: 10, y: 10 });
    await expect(page.getByTestId('node-booking_user-1')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Parameters of booking_user-1' })).toBeVisible();
    await dragToCanvas(page, 'Send e-mail', { x: Math.max(230, canvas.width - 230), y: 320 });
    await expect(page.getByTestId('node-send-1')).toBeVisible();
    await dragToCanvas(page, 'E-mail template', { x: 10, y: 440 });
    await expect(page.getByTestId('node-email-1')).toBeVisible();
    await choose(page, 'Choose a template', templateName);

    // A mismatched connection is refused.
    await choose(page, 'From (output)', 'start.data (data)');
    await choose(page, 'To (input)', 'send-1.template (emailTemplate)');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('These ports have different types: data and emailTemplate.');
    // The connections are dragged from output to input on the canvas.
    await dragConnection(page, { node: 'start', port: 'data' }, { node: 'booking_user-1', port: 'data' });
    await dragConnection(page, { node: 'email-1', port: 'template' }, { node: 'send-1', port: 'template' });
    await dragConnection(page, { node: 'booking_user-1', port: 'first' }, { node: 'send-1', port: 'recipient' });
    const connections = page.getByRole('region', { name: 'Connections' }).getByRole('listitem');
    await expect(connections).toHaveText(['start.data → booking_user-1.data✕', 'email-1.template → send-1.template✕', 'booking_user-1.first → send-1.recipient✕']);
    await expect(page.locator('.react-flow__edge')).toHaveCount(3);
    await expectAccessible(page);

    // A test run before the task is enabled: each node shows its output on the canvas, and nothing is sent.
    const testRun = page.getByRole('region', { name: 'Test run' });
    const sample = testRun.getByRole('textbox', { name: 'Sample event data (JSON)' });
    await sample.fill('{"appointment_id": ');
    await expect(testRun.getByRole('button', { name: 'Run the test' })).toBeDisabled();
    await sample.fill('{}');
    await testRun.getByRole('button', { name: 'Run the test' }).click();
    await expect(testRun.getByRole('status')).toHaveText('The test run failed at booking_user-1: No booking users for undefined in this organisation.');
    await expect(page.getByTestId('test-booking_user-1')).toContainText('No booking users for undefined in this organisation.');
    await expect(page.getByTestId('test-send-1')).toContainText('Not run');
    await sample.fill(JSON.stringify({ appointment_id: earlier.appointmentId }));
    await testRun.getByRole('button', { name: 'Run the test' }).click();
    await expect(testRun.getByRole('status')).toHaveText('The test run succeeded.');
    await expect(page.getByTestId('test-booking_user-1')).toContainText('"first_name": "Quinn"');
    // The e-mail node says it did not send, and what it would have sent.
    await expect(page.getByTestId('test-send-1')).toContainText('Not sent: test run');
    await expect(page.getByTestId('test-send-1')).toContainText('Template: processor.');
    await expect(page.getByTestId('test-send-1')).toContainText(`To: ${earlier.email}`, { ignoreCase: true });
    await expect(page.getByTestId('test-send-1')).toContainText('Subject: Processor: booked for Quinn');
    await expect(page.getByTestId('test-send-1')).toContainText('"sent": false');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The task has been saved.' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/super_admin\/processor$/);
    const enabled = page.getByLabel('Enabled: appointment.booked for Demo Ltd').last();
    await enabled.click(); // the switch follows the saved task, so it turns on once the change is stored
    await expect(enabled).toBeChecked();
    await expect(table.getByRole('row').filter({ hasText: 'Booking e-mail' }).last()).toBeVisible();

    const { email: patientEmail } = await bookAsDemoLtdPatient(request);
    const mail = await mailbox.waitFor(patientEmail.toLowerCase());
    await mailbox.waitFor(patientEmail.toLowerCase(), (m) => m.raw.includes('Processor: booked for Quinn'));
    expect(mail).toBeTruthy();
    // The organisation's default task still sends the booking confirmation, with its joining link and .ics, once.
    const confirmation = await mailbox.waitFor(patientEmail.toLowerCase(), (m) => m.text.includes('Your Appointment Has Been Booked'));
    expect(confirmation.text).toContain('/appointment?appointmentId=');
    expect(confirmation.raw).toContain('appointment.ics');

    await page.getByRole('button', { name: 'Logs of the task appointment.booked for Demo Ltd' }).last().click();
    const logs = page.getByRole('dialog', { name: 'Logs: appointment.booked (Demo Ltd)' });
    await expect(logs.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(1, { timeout: 30_000 });
    await expect(logs.getByRole('columnheader')).toHaveText(['Date', 'Result', 'Actions']);
    await expectAccessible(page);
    await logs.getByRole('button', { name: /^View Details of the run of / }).click();
    const details = page.getByRole('dialog', { name: /^Run of / });
    await expect(details).toContainText('"result": "succeeded"');
    await expect(details).toContainText('Run succeeded.');
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Close' }).click();
    // Rerun offers the whole run or a run from a chosen node.
    await logs.getByRole('button', { name: /^Rerun the run of / }).click();
    const rerun = page.getByRole('dialog', { name: /^Rerun the run of / });
    await expect(rerun.getByRole('radio', { name: 'Whole run' })).toBeChecked();
    await rerun.getByRole('button', { name: 'Rerun', exact: true }).click();
    await expect(logs.getByRole('status')).toHaveText('The run will be run again in a moment.');
    await expect.poll(async () => (await mailbox.list()).filter((m) => m.raw.includes('Processor: booked for Quinn')).length, { timeout: 30_000 }).toBe(2);
    // From the e-mail node: the lookup's and the template's stored outputs are reused, and the e-mail goes again.
    await logs.getByRole('button', { name: /^Rerun the run of / }).last().click();
    await rerun.getByRole('radio', { name: 'From a node, reusing the stored outputs of the nodes before it' }).check();
    await choose(page, 'Node', 'Send e-mail (send-1)');
    await expectAccessible(page);
    await rerun.getByRole('button', { name: 'Rerun', exact: true }).click();
    await expect(rerun).toBeHidden();
    await expect(logs.getByRole('status')).toHaveText('The run will be run again in a moment.');
    await expect.poll(async () => (await mailbox.list()).filter((m) => m.raw.includes('Processor: booked for Quinn')).length, { timeout: 30_000 }).toBe(3);
    // The reruns are in the log, and the table follows them until they finish.
    await expect(logs.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(3);
    // The test run sent nothing to the earlier patient.
    expect((await mailbox.list()).filter((m) => m.raw.includes('Processor: booked for Quinn') && m.raw.toLowerCase().includes(earlier.email.toLowerCase()))).toHaveLength(0);
  });

  test('a failed rerun says Content failed to load', async ({ page, request }) => {
    const admin = await demoLtdSuperAdmin(request);
    const session = await apiSession(request, admin.email, admin.password);
    const created = await request.post('/api/processor/task', { headers: { authorization: `Bearer ${session.token}` }, data: { event: 'appointment.rebook', organisation_id: admin.organisationId } });
    expect(created.status()).toBe(201);
    const { task } = (await created.json()) as { task: { id: string } };
    await signIn(page, admin.email, admin.password);
    await page.route('**/log', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, logs: [{ id: '00000000-0000-4000-8000-000000000001', created_at: 1_800_000_000, result: 'failed', version: 1, failed_node: null, reason: null }] }) }));
    await page.goto(`/super_admin/processor/edit/${task.id}`);
    await page.getByRole('button', { name: /^Rerun the run of / }).click({ timeout: 30_000 });
    await page.getByRole('dialog', { name: /^Rerun the run of / }).getByRole('button', { name: 'Rerun', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Content failed to load', { timeout: 30_000 });
    await expectAccessible(page);
  });

  test('the palette offers the form, comparison and gate nodes with their parameters; a mismatched connection is refused', async ({ page, request }) => {
    const admin = await demoLtdSuperAdmin(request);
    const session = await apiSession(request, admin.email, admin.password);
    const created = await request.post('/api/processor/task', { headers: { authorization: `Bearer ${session.token}` }, data: { event: 'order.dispatched', organisation_id: admin.organisationId } });
    const { task } = (await created.json()) as { task: { id: string } };
    await signInTo(page, admin.email, `/super_admin/processor/edit/${task.id}`, admin.password);
    for (const kind of ['Form', 'Form link', 'String comparison', 'Compare strings', 'Logic gate type', 'Logic gate']) await expect(page.getByRole('button', { name: `Add ${kind}`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Form', exact: true }).click();
    await choose(page, 'form', 'Health Profile');
    await page.getByRole('button', { name: 'Add Logic gate type', exact: true }).click();
    await choose(page, 'gate', 'NOT');
    await page.getByRole('button', { name: 'Add Logic gate', exact: true }).click();
    await choose(page, 'From (output)', 'form-1.enabled (boolean)');
    await choose(page, 'To (input)', 'gate-1.gate (logicGate)');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('These ports have different types: boolean and logicGate.');
    await choose(page, 'To (input)', 'gate-1.a (boolean)');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await choose(page, 'From (output)', 'gate_type-1.gate (logicGate)');
    await choose(page, 'To (input)', 'gate-1.gate (logicGate)');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Connections' }).getByRole('listitem')).toHaveText(['form-1.enabled → gate-1.a✕', 'gate_type-1.gate → gate-1.gate✕']);
    // The health profile is always on, so NOT gives false.
    const testRun = page.getByRole('region', { name: 'Test run' });
    await testRun.getByRole('button', { name: 'Run the test' }).click();
    await expect(testRun.getByRole('status')).toHaveText('The test run succeeded.');
    await expect(page.getByTestId('test-form-1')).toContainText('"enabled": true');
    await expect(page.getByTestId('test-gate-1')).toContainText('"result": false');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The task has been saved.' })).toBeVisible({ timeout: 30_000 });
  });

  test('a super admin creates, edits and deletes an e-mail template; one a task uses cannot be deleted', async ({ page, request }) => {
    const admin = await demoLtdSuperAdmin(request);
    const session = await apiSession(request, admin.email, admin.password);
    const headers = { authorization: `Bearer ${session.token}` };
    const name = `Reminder ${Date.now()}`;
    await signInTo(page, admin.email, '/super_admin/processor', admin.password);
    await page.getByRole('link', { name: 'E-mail templates' }).click();
    await expect(page).toHaveURL(/\/super_admin\/processor\/templates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Subject (English)' }).fill('See you {{first_name}}');
    await form.getByRole('textbox', { name: 'Body (English)' }).fill('Hello {{first_name}}');
    await form.getByRole('textbox', { name: 'Subject (German)' }).fill('Bis bald {{first_name}}');
    await form.getByRole('textbox', { name: 'Body (German)' }).fill('Hallo {{first_name}}');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('The template has been created.')).toBeVisible();
    const table = page.getByRole('table', { name: 'E-mail templates' });
    await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: `Edit the template ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit the template ${name}` });
    await expect(edit.getByRole('textbox', { name: 'Body (German)' })).toHaveValue('Hallo {{first_name}}');
    await edit.getByRole('textbox', { name: 'Body (German)' }).fill('Guten Tag {{first_name}}');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The template has been saved.')).toBeVisible();
    const templates = (await (await request.get('/api/processor/templates', { headers })).json()) as { templates: { id: string; name: string }[] };
    const id = templates.templates.find((t) => t.name === name)!.id;
    expect(((await (await request.get(`/api/processor/templates/${id}`, { headers })).json()) as { template: { body_de: string } }).template.body_de).toBe('Guten Tag {{first_name}}');

    // A task uses it: the delete is refused with the reason.
    const created = await request.post('/api/processor/task', { headers, data: { event: 'appointment.cancelled', organisation_id: admin.organisationId } });
    const { task } = (await created.json()) as { task: { id: string; task: { nodes: unknown[] } } };
    const saved = await request.put(`/api/processor/task/${task.id}`, { headers, data: { task: { nodes: [...task.task.nodes, { id: 'tpl', kind: 'template.email', params: { template_id: id } }], edges: [] } } });
    expect(saved.status()).toBe(200);
    await page.getByRole('button', { name: `Delete the template ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this template?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This template is used by a task, so it cannot be deleted' })).toBeVisible();
    await expectAccessible(page);

    // Once the task is gone, it can be deleted.
    expect((await request.delete(`/api/processor/task/${task.id}`, { headers })).status()).toBe(200);
    await page.getByRole('button', { name: `Delete the template ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this template?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The template has been deleted.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('a super admin creates, edits (credential kept, then removed) and deletes a lab connection (refused while a task uses it), and a lab-order node picks it', async ({ page, request }) => {
    const admin = await demoLtdSuperAdmin(request);
    const session = await apiSession(request, admin.email, admin.password);
    const headers = { authorization: `Bearer ${session.token}` };
    const connectionsUrl = '**/api/processor/lab-connections';
    await signIn(page, admin.email, admin.password);

    // A failed load says so, and Try again loads the page.
    await page.route(connectionsUrl, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Server Error Occurred' }) }));
    await page.goto('/super_admin/processor');
    await page.getByRole('link', { name: 'Lab connections' }).click();
    await expect(page).toHaveURL(/\/super_admin\/processor\/lab-connections$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lab connections' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The lab connections could not be loaded.', { timeout: 30_000 });
    await page.unroute(connectionsUrl);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No lab connections yet.')).toBeVisible();
    await expectAccessible(page);

    const name = `Eurofins ${Date.now()}`;
    await page.getByRole('button', { name: 'New lab connection' }).click();
    const create = page.getByRole('dialog', { name: 'New lab connection' });
    await expect(create.getByRole('combobox', { name: 'Organisation' })).toHaveText('Demo Ltd');
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Base URL' }).fill('ftp://lab.example.test/api');
    await create.getByLabel('Credential', { exact: true }).fill('lab-secret-e2e');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByRole('textbox', { name: 'Base URL' })).toHaveAccessibleDescription('Enter the address of the lab, starting with https:// or http://.');
    await expectAccessible(page);

    // The server's own refusal lands on its field too: the address is sent with a password in it.
    await create.getByRole('textbox', { name: 'Base URL' }).fill('https://lab.example.test/api');
    await page.route(connectionsUrl, (route) =>
      route.request().method() === 'POST' ? route.continue({ postData: { ...(route.request().postDataJSON() as object), base_url: 'https://user:pass@lab.example.test/api' } }) : route.continue(),
    );
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByRole('textbox', { name: 'Base URL' })).toHaveAccessibleDescription('Enter the credential in its own field, not in the address.');
    await page.unroute(connectionsUrl);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('The lab connection has been created.')).toBeVisible();
    await expect(create).toBeHidden();

    const table = page.getByRole('table', { name: 'Lab connections' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Organisation', 'Base URL', 'Credential', 'Actions']);
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([name, 'Demo Ltd', 'https://lab.example.test/api', 'Set', 'EditDelete']);
    await expectAccessible(page);
    const listed = (await (await request.get('/api/processor/lab-connections', { headers })).json()) as { connections: { id: string; name: string }[] };
    const id = listed.connections.find((c) => c.name === name)!.id;
    expect(JSON.stringify(listed)).not.toContain('lab-secret-e2e');

    // Edited without a credential: the one there is stays.
    await page.getByRole('button', { name: `Edit the lab connection ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit the lab connection ${name}` });
    await expect(edit.getByLabel('Credential', { exact: true })).toHaveValue('');
    await expect(edit.getByLabel('Credential', { exact: true })).toHaveAccessibleDescription('A credential is set: leave this empty to keep it, or enter a new one.');
    await expect(edit.getByRole('combobox', { name: 'Organisation' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible(page);
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} UK`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The lab connection has been saved.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `${name} UK` }).getByRole('cell')).toHaveText([`${name} UK`, 'Demo Ltd', 'https://lab.example.test/api', 'Set', 'EditDelete']);

    // A lab-order node picks the organisation's connection by name.
    const created = await request.post('/api/processor/task', { headers, data: { event: 'order.payment.complete', organisation_id: admin.organisationId } });
    expect(created.status()).toBe(201);
    const { task } = (await created.json()) as { task: { id: string } };
    await page.goto(`/super_admin/processor/edit/${task.id}`);
    await page.getByRole('button', { name: 'Add Lab order' }).click();
    const parameters = page.getByRole('region', { name: /^Parameters of / });
    await parameters.getByRole('combobox', { name: 'Lab connection' }).click();
    await page.getByRole('option', { name: `${name} UK` }).click();
    await choose(page, 'From (output)', 'start.data (data)');
    await choose(page, 'To (input)', 'order-1.order (data)');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The task has been saved.' })).toBeVisible({ timeout: 30_000 });
    const saved = (await (await request.get(`/api/processor/task/${task.id}`, { headers })).json()) as { task: { task: { nodes: { kind: string; params: { connection_id?: string } }[] } } };
    expect(saved.task.task.nodes.find((n) => n.kind === 'lab.order')?.params.connection_id).toBe(id);

    // Remove credential: the table says Not set.
    await page.goto('/super_admin/processor/lab-connections');
    await page.getByRole('button', { name: `Edit the lab connection ${name} UK` }).click();
    const again = page.getByRole('dialog', { name: `Edit the lab connection ${name} UK` });
    await again.getByRole('checkbox', { name: 'Remove credential' }).check();
    await expect(again.getByLabel('Credential', { exact: true })).toBeDisabled();
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('row').filter({ hasText: `${name} UK` }).getByRole('cell').nth(3)).toHaveText('Not set');

    // The task's lab-order node uses it: the delete is refused and it stays; once the task is gone, it deletes.
    const confirm = page.getByRole('dialog', { name: `Delete the lab connection ${name} UK?` });
    await page.getByRole('button', { name: `Delete the lab connection ${name} UK` }).click();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('This lab connection is used by a task, so it cannot be deleted: choose another connection in that task first.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: `${name} UK` })).toHaveCount(1);
    expect((await request.delete(`/api/processor/task/${task.id}`, { headers })).status()).toBe(200);
    await page.getByRole('button', { name: `Delete the lab connection ${name} UK` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The lab connection has been deleted.')).toBeVisible();
    await expect(page.getByText('No lab connections yet.')).toBeVisible();
  });

  test('a shift manager asking for the page is sent home', async ({ page }) => {
    await signIn(page, DEMO.shiftManager);
    await page.goto('/super_admin/processor');
    await expect(page).toHaveURL(/\/shift_manager\/dashboard$/);
  });
});
