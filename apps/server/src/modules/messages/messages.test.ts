import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES_MSG } from '@vireo/contracts';
import { auditEvents } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let admin: TestUser;
let manager: TestUser;
let invitedEmail: string;
beforeAll(async () => {
  // A database of its own on PostgreSQL: the list holds every organisation's e-mails, and the suite's
  // other files send more than a page of them while this one runs.
  h = await createHarness({}, { ownDatabase: true });
  const clinic = await h.org();
  admin = await h.user({ org: clinic, roles: ['super_admin'] });
  manager = await h.user({ org: clinic, roles: ['shift_manager'] });
  invitedEmail = uniqueEmail('doctor');
  const invited = await h.call('POST', '/api/doctors', { token: manager.token, body: { first_name: 'Amara', last_name: 'Osei', email: invitedEmail, telephone: '+44 7911 123456' } });
  expect(invited.status).toBe(201);
  await h.deliverOutbox();
});
afterAll(() => h.close());

const audited = (action: string, id: string) =>
  h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, id), eq(auditEvents.actorUserId, admin.user.id)));

describe('/api/messages (super admins)', () => {
  it('lists the recorded e-mails newest first, a page at a time, without their bodies', async () => {
    const all = await h.call('GET', '/api/messages?limit=100', { token: admin.token });
    expect(all.status).toBe(200);
    const invitation = all.body.messages.find((m: { recipient: string }) => m.recipient === invitedEmail);
    expect(invitation).toMatchObject({ template: 'practitioner.invitation', status: 'recorded', subject: 'Set your Vireo password', sent_at: null });
    expect(invitation.body).toBeUndefined();
    const times = all.body.messages.map((m: { created_at: number }) => m.created_at);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const page = await h.call('GET', '/api/messages?limit=1&offset=0', { token: admin.token });
    expect(page.body.messages).toHaveLength(1);
    expect(page.body.total).toBe(all.body.total);
  });

  it('opens one with its body (the one-time link in it), and audits the read', async () => {
    const list = await h.call('GET', '/api/messages?limit=100', { token: admin.token });
    const { id } = list.body.messages.find((m: { recipient: string }) => m.recipient === invitedEmail);
    const one = await h.call('GET', `/api/messages/${id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body.message).toMatchObject({ id, recipient: invitedEmail });
    expect(one.body.message.body).toMatch(/\/identity\/set-password\?token=/);
    expect(await audited('message.read', id)).toHaveLength(1);
  });

  it('sends one again through the outbox relay, within the mail quota', async () => {
    const list = await h.call('GET', '/api/messages?limit=100', { token: admin.token });
    const { id } = list.body.messages.find((m: { recipient: string }) => m.recipient === invitedEmail);
    const resent = await h.call('POST', `/api/messages/${id}/resend`, { token: admin.token });
    expect(resent).toMatchObject({ status: 202, body: { success: true, message: MESSAGES_MSG.resendQueued } });
    const mails = await h.mails({ recipient: invitedEmail });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toBe(mails[0]!.body);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(await audited('message.resent', id)).toHaveLength(1);
    // The invitation and two resends fill the recipient's quota of three an hour.
    expect((await h.call('POST', `/api/messages/${id}/resend`, { token: admin.token })).status).toBe(202);
    expect((await h.call('POST', `/api/messages/${id}/resend`, { token: admin.token })).status).toBe(429);
  });

  it('answers 400 for bad input, 401 without a session, 403 to other roles and 404 for an unknown message', async () => {
    expect((await h.call('GET', '/api/messages?limit=0', { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', '/api/messages/not-an-id', { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', '/api/messages')).status).toBe(401);
    expect((await h.call('POST', '/api/messages/00000000-0000-4000-8000-000000000000/resend')).status).toBe(401);
    expect((await h.call('GET', '/api/messages', { token: manager.token })).status).toBe(403);
    expect((await h.call('GET', '/api/messages/00000000-0000-4000-8000-000000000000', { token: manager.token })).status).toBe(403);
    expect((await h.call('GET', '/api/messages/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404);
    expect((await h.call('POST', '/api/messages/00000000-0000-4000-8000-000000000000/resend', { token: admin.token })).status).toBe(404);
  });
});
