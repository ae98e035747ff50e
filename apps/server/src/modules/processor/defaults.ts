import { and, eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import type { OutboxEvent } from '../../platform/outbox';
import { processorDefaults, processorTasks, processorTaskVersions, processorTemplates, type StoredGraph } from '../../db/schema';

/** A default template: its key is the name its e-mails are recorded under, as the product's own were. */
interface DefaultTemplate {
  key: string;
  name: string;
  subject_en: string;
  body_en: string;
  subject_de: string;
  body_de: string;
}

const BOOKING_BODY = (first: string, de: boolean) =>
  [
    first,
    '',
    '{{service}}',
    de ? 'Wann: {{when}}' : 'When: {{when}}',
    de ? 'Buchungsreferenz: {{reference}}' : 'Booking reference: {{reference}}',
    de ? 'Personen: {{people}}' : 'People: {{people}}',
    '',
    de
      ? 'Bitte kommen Sie mindestens 5 Minuten vor Beginn dazu, von einem ruhigen Ort mit eingeschalteter Kamera und eingeschaltetem Mikrofon.'
      : 'Please join at least 5 minutes before the start, from a quiet space with your camera and microphone on.',
    '{{join_line}}',
    de ? 'Über diesen Link können Sie Ihren Termin ansehen, ändern oder löschen: {{manage_link}}' : 'To view, change or delete your appointment, use this link: {{manage_link}}',
    de ? 'Änderungen und Löschungen mit Umbuchung sind bis 24 Stunden vor Beginn möglich.' : 'Changes and deletions with a rebook are possible until 24 hours before the start.',
  ].join('\n');

/** The product's messages as templates: the same words as the handlers they replace (booking, orders, certificates). */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    key: 'booking.confirmed',
    name: 'Booking confirmation',
    subject_en: '{{product}} appointment confirmed: {{when}}',
    body_en: BOOKING_BODY('Your Appointment Has Been Booked', false),
    subject_de: '{{product}}-Termin bestätigt: {{when}}',
    body_de: BOOKING_BODY('Ihr Termin wurde gebucht', true),
  },
  {
    key: 'booking.rebooked',
    name: 'Booking rebooked',
    subject_en: '{{product}} appointment rebooked: {{when}}',
    body_en: BOOKING_BODY('Your appointment has been rebooked.', false),
    subject_de: '{{product}}-Termin umgebucht: {{when}}',
    body_de: BOOKING_BODY('Ihr Termin wurde umgebucht.', true),
  },
  {
    key: 'order.confirmation',
    name: 'Order confirmation',
    subject_en: 'Your {{product}} order',
    body_en: [
      'Hello {{first_name}},',
      '',
      'Thank you for your order.',
      '',
      '{{items}}',
      '{{discount_line}}',
      'VAT ({{vat_rate}}%, included): {{vat}}',
      'Total: {{total}}',
      '',
      'Your order reference (short token): {{short_token}}',
      '{{booking_block}}',
      '',
      'The {{product}} team',
    ].join('\n'),
    subject_de: 'Ihre {{product}}-Bestellung',
    body_de: [
      'Hallo {{first_name}},',
      '',
      'vielen Dank für Ihre Bestellung.',
      '',
      '{{items}}',
      '{{discount_line}}',
      'MwSt. ({{vat_rate}} %, enthalten): {{vat}}',
      'Summe: {{total}}',
      '',
      'Ihre Bestellreferenz (Kurz-Token): {{short_token}}',
      '{{booking_block}}',
      '',
      'Ihr {{product}}-Team',
    ].join('\n'),
  },
  {
    key: 'certificate.issued',
    name: 'Certificate issued',
    subject_en: 'Your {{product}} test certificate {{number}}',
    body_en: [
      'Hello {{name}},',
      '',
      'Your test certificate is attached to this e-mail as a PDF.',
      'Open it online: {{open_link}}',
      'Anyone can check it by scanning its QR code, or at {{verify_link}}.',
      '',
      'It is a screening result, not a diagnosis.',
      '',
      'The {{product}} team',
    ].join('\n'),
    subject_de: 'Ihr {{product}}-Testzertifikat {{number}}',
    body_de: [
      'Hallo {{name}},',
      '',
      'Ihr Testzertifikat ist dieser E-Mail als PDF beigefügt.',
      'Online öffnen: {{open_link}}',
      'Jede Person kann es prüfen, indem sie den QR-Code scannt, oder unter {{verify_link}}.',
      '',
      'Es ist ein Screening-Ergebnis, keine Diagnose.',
      '',
      'Ihr {{product}}-Team',
    ].join('\n'),
  },
];

/** A default task: the event it reacts to, its message node and the template its e-mail fills. */
interface DefaultTask {
  key: string;
  event: string;
  description: string;
  message: { kind: string; params: Record<string, unknown>; attachments: boolean };
}

/** The product's messages as default tasks, one per message; the key is also the template's. */
export const DEFAULT_TASKS: readonly DefaultTask[] = [
  { key: 'booking.confirmed', event: 'appointment.booked', description: 'Booking confirmation with its .ics (default task)', message: { kind: 'message.booking', params: { kind: 'booked' }, attachments: true } },
  { key: 'booking.rebooked', event: 'appointment.rebook', description: 'Rebooking confirmation with its .ics (default task)', message: { kind: 'message.booking', params: { kind: 'rebooked' }, attachments: true } },
  { key: 'order.confirmation', event: 'order.payment.complete', description: 'Order confirmation with the booking link (default task)', message: { kind: 'message.order', params: {}, attachments: false } },
  { key: 'certificate.issued', event: 'certificate.issued', description: 'Result with its certificate PDF (default task)', message: { kind: 'message.certificate', params: {}, attachments: true } },
];

/** Event start → message → e-mail, with the template picker feeding the e-mail. */
export function defaultGraph(task: DefaultTask, templateId: string): StoredGraph {
  const edge = (source: string, sourcePort: string, target: string, targetPort: string) => ({ id: `${source}.${sourcePort}-${target}.${targetPort}`, source, sourcePort, target, targetPort });
  return {
    nodes: [
      { id: 'start', kind: 'event.start', params: {}, position: { x: 0, y: 0 } },
      { id: 'message', kind: task.message.kind, params: task.message.params, position: { x: 280, y: 0 } },
      { id: 'template', kind: 'template.email', params: { template_id: templateId }, position: { x: 280, y: 200 } },
      { id: 'email', kind: 'email.send', params: { language: 'en', email_path: 'email' }, position: { x: 560, y: 80 } },
    ],
    edges: [
      edge('start', 'data', 'message', 'data'),
      edge('message', 'recipients', 'email', 'recipient'),
      edge('message', 'values', 'email', 'data'),
      ...(task.message.attachments ? [edge('message', 'attachments', 'email', 'attachments')] : []),
      edge('template', 'template', 'email', 'template'),
    ],
  };
}

async function defaultTemplateIds(db: Db, now: Date): Promise<Map<string, string>> {
  await db
    .insert(processorTemplates)
    .values(DEFAULT_TEMPLATES.map((t) => ({ key: t.key, name: t.name, subjectEn: t.subject_en, bodyEn: t.body_en, subjectDe: t.subject_de, bodyDe: t.body_de, createdAt: now })))
    .onConflictDoNothing({ target: processorTemplates.key });
  const rows = await db.select({ id: processorTemplates.id, key: processorTemplates.key }).from(processorTemplates).where(sql`${processorTemplates.key} IS NOT NULL`);
  return new Map(rows.map((r) => [r.key!, r.id]));
}

/**
 * Seeds each organisation's default tasks, enabled, once: the `processor_defaults` row is written
 * with the task in one transaction and conflicts on a second try (another process, the next sweep),
 * so each organisation gets each default task exactly once, and one a super admin deleted stays
 * deleted. A template a super admin deleted is written again (a default task needs it). Answers how
 * many tasks it seeded. Runs at each process's start and with every sweep (new organisations).
 */
export async function seedDefaultTasks(deps: { db: Db; clock: Clock }): Promise<number> {
  const missing = rowsOf<{ organisation_id: string; key: string }>(
    await deps.db.execute(sql`
      SELECT o.id AS organisation_id, k.key FROM organisations o
      CROSS JOIN unnest(${`{${DEFAULT_TASKS.map((t) => t.key).join(',')}}`}::text[]) AS k(key)
      WHERE NOT EXISTS (SELECT 1 FROM ${processorDefaults} d WHERE d.organisation_id = o.id AND d.key = k.key)`),
  );
  if (missing.length === 0) return 0;
  const templates = await defaultTemplateIds(deps.db, deps.clock.now());
  let seeded = 0;
  for (const { organisation_id: organisationId, key } of missing) {
    const task = DEFAULT_TASKS.find((t) => t.key === key)!;
    seeded += await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      // The template stays until the task is written (a delete waits); one deleted since it was read is written again by the next sweep.
      const [template] = await tx.select({ id: processorTemplates.id }).from(processorTemplates).where(eq(processorTemplates.id, templates.get(key)!)).for('share');
      if (!template) return 0;
      const [claimed] = await tx.insert(processorDefaults).values({ organisationId, key, seededAt: now }).onConflictDoNothing().returning({ key: processorDefaults.key });
      if (!claimed) return 0;
      const [row] = await tx.insert(processorTasks).values({ organisationId, event: task.event, description: task.description, enabled: true, defaultKey: key, createdAt: now, updatedAt: now }).returning({ id: processorTasks.id });
      const [version] = await tx.insert(processorTaskVersions).values({ taskId: row!.id, version: 1, graph: defaultGraph(task, templates.get(key)!), createdAt: now }).returning({ id: processorTaskVersions.id });
      await tx.update(processorTasks).set({ versionId: version!.id }).where(eq(processorTasks.id, row!.id));
      return 1;
    });
  }
  return seeded;
}

/**
 * Whether the organisation's processor sends this product message for the event: its default task
 * was seeded at or before the event was raised. The product's own handler then sends nothing, and
 * the processor runs the default task only for such events (`startRuns`): each event is sent by
 * exactly one of the two, whenever the seeding happened.
 */
export async function processorOwns(db: Db, event: OutboxEvent, key: string): Promise<boolean> {
  if (!event.organisationId) return false;
  const [row] = await db
    .select({ key: processorDefaults.key })
    .from(processorDefaults)
    .where(and(eq(processorDefaults.organisationId, event.organisationId), eq(processorDefaults.key, key), lte(processorDefaults.seededAt, event.createdAt)));
  return row !== undefined;
}
