import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { bookingUsers, users } from '../../db/schema';
import type { BookingDeps } from './deps';
import { buildIcs } from './ics';
import { alternativeLink } from './present';
import { findAppointment, type AppointmentRow, type BookingUserRow } from './repo';
import { describeInZone } from './time';

type MailDeps = Pick<BookingDeps, 'mailer' | 'clock' | 'services' | 'settings' | 'sealer'>;

/**
 * Whether the organisation's processor sends this product message for the event (its default task
 * was seeded before the event was raised), so the handler here sends nothing: one of the two sends.
 */
export type ProcessorOwns = (db: Db, event: OutboxEvent, message: string) => Promise<boolean>;

/** The customer's page for their booking: view, edit, reschedule or delete. */
export function manageLink(publicUrl: string, appointmentId: string, shortToken: string, service: string): string {
  const query = new URLSearchParams({ appointmentId, short_token: shortToken, service });
  return `${publicUrl}/book/manage?${query.toString()}`;
}

/**
 * The patient's video appointment landing page (spec 2 §2.3, spec 1 §2 /appointment) for this
 * booking, opened with the booking's link token as the manage page is.
 */
export function joinLink(publicUrl: string, appointmentId: string, shortToken: string): string {
  const query = new URLSearchParams({ appointmentId, short_token: shortToken });
  return `${publicUrl}/appointment?${query.toString()}`;
}

/** An appointment and its people, read one statement after the other on the delivery's transaction. */
interface Booking {
  row: AppointmentRow;
  bookingUsers: BookingUserRow[];
}

function recipients(details: Booking, extra: string[]): string[] {
  const all = [...extra, ...details.bookingUsers.map((u) => u.email)].map((e) => e.trim().toLowerCase());
  return [...new Set(all)];
}

async function detailsOf(db: Db, appointmentId: unknown): Promise<Booking | undefined> {
  const row = typeof appointmentId === 'string' ? await findAppointment(db, appointmentId) : undefined;
  if (!row) return undefined;
  return { row, bookingUsers: await db.select().from(bookingUsers).where(eq(bookingUsers.appointmentId, row.id)).orderBy(asc(bookingUsers.position)) };
}

/** The values of a booking confirmation: what the product's e-mail and the processor's default task fill in. */
export interface BookingMessage {
  recipients: string[];
  /** Placeholders without credentials. */
  values: { product: string; service: string; when: string; reference: string; people: string };
  /** Placeholders holding the booking's link token: kept sealed wherever they are stored. */
  secretValues: { manage_link: string; join_line: string };
  ics: string;
}

/**
 * What the confirmation of appointment.booked and .rebook says, or null when it sends none (no
 * time: self-swab; no people; an unknown service). The link's token comes sealed in the event's
 * secrets; a rescheduling patient signed in has none and manages the booking from their account.
 */
export async function bookingMessage(deps: MailDeps, db: Db, input: { appointmentId: unknown; secrets: Record<string, string>; rebooked: boolean }): Promise<BookingMessage | null> {
  const details = await detailsOf(db, input.appointmentId);
  const { row } = details ?? {};
  if (!details || !row?.startTime || !row.endTime || details.bookingUsers.length === 0) return null;
  const service = deps.services.get(row.type);
  if (!service) return null;
  const { productName, publicUrl } = deps.settings;
  const when = describeInZone(row.startTime, row.tzLocation);
  const shortToken = input.secrets.short_token;
  const link = shortToken ? manageLink(publicUrl, row.id, shortToken, row.type) : `${publicUrl}/patient/dashboard`;
  const reference = row.providerBookingReference ?? row.id;
  const ics = buildIcs(
    {
      uid: `${row.id}@${new URL(publicUrl).hostname}`,
      start: row.startTime,
      end: row.endTime,
      stamp: deps.clock.now(),
      summary: `${productName}: ${service.label}`,
      description: `Booking reference ${reference}. Manage your booking: ${link}`,
      url: link,
      sequence: input.rebooked ? 1 : 0,
    },
    productName,
  );
  const payer = input.secrets.payer_email;
  return {
    recipients: recipients(details, payer ? [payer] : []),
    values: { product: productName, service: service.label, when, reference, people: details.bookingUsers.map((u) => `${u.firstName} ${u.lastName}`).join(', ') },
    secretValues: { manage_link: link, join_line: shortToken ? `Join your appointment here: ${joinLink(publicUrl, row.id, shortToken)}` : '' },
    ics,
  };
}

/** The .ics attachment of a booking confirmation. */
export const ICS_ATTACHMENT = { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' } as const;

/**
 * The confirmation e-mail of appointment.booked and .rebook, with the appointment as an .ics
 * attachment, for an organisation whose processor does not send it (see `processorOwns`).
 */
async function sendBookingConfirmation(deps: MailDeps & { processorOwns: ProcessorOwns }, event: OutboxEvent, db: Db): Promise<void> {
  const rebooked = event.name === 'appointment.rebook';
  if (await deps.processorOwns(db, event, rebooked ? 'booking.rebooked' : 'booking.confirmed')) return;
  const message = await bookingMessage(deps, db, { appointmentId: event.payload.appointment_id, secrets: event.secrets, rebooked });
  if (!message) return;
  const { values, secretValues } = message;
  const text = [
    rebooked ? 'Your appointment has been rebooked.' : 'Your Appointment Has Been Booked',
    '',
    values.service,
    `When: ${values.when}`,
    `Booking reference: ${values.reference}`,
    `People: ${values.people}`,
    '',
    'Please join at least 5 minutes before the start, from a quiet space with your camera and microphone on.',
    ...(secretValues.join_line ? [secretValues.join_line] : []),
    `To view, change or delete your appointment, use this link: ${secretValues.manage_link}`,
    'Changes and deletions with a rebook are possible until 24 hours before the start.',
  ].join('\n');
  for (const to of message.recipients) {
    await deps.mailer.send(db, {
      to,
      subject: `${values.product} appointment ${rebooked ? 'rebooked' : 'confirmed'}: ${values.when}`,
      text,
      template: rebooked ? 'booking.rebooked' : 'booking.confirmed',
      attachments: [{ ...ICS_ATTACHMENT, content: message.ics }],
    });
  }
}

/** Customer services replaced the customer's link: the new one goes to the same people as the confirmation. */
/** Customer services renewed the customer's link: the new one goes to the payer and the people on the booking. */
async function sendRenewedLink(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const details = await detailsOf(db, event.payload.appointment_id);
  const shortToken = event.secrets.short_token;
  if (!details || !shortToken) return;
  const { row } = details;
  const { productName, publicUrl } = deps.settings;
  const link = manageLink(publicUrl, row.id, shortToken, row.type);
  const text = [
    `Here is a new link for your appointment${row.startTime ? ` on ${describeInZone(row.startTime, row.tzLocation)}` : ''}.`,
    `Booking reference: ${row.providerBookingReference ?? row.id}`,
    '',
    `To view, change or delete your appointment, use this link: ${link}`,
    'The link in earlier e-mails no longer works.',
  ].join('\n');
  const payer = event.secrets.payer_email;
  for (const to of recipients(details, payer ? [payer] : [])) {
    await deps.mailer.send(db, { to, subject: `${productName}: a new link for your appointment`, text, template: 'booking.link_renewed' });
  }
}

/** A customer cancelled within 24 hours: the practitioner is told; the slot stays theirs. */
async function notifyPractitionerOfLateCancellation(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  if (event.payload.late !== true || event.payload.by !== 'customer') return;
  const details = await detailsOf(db, event.payload.appointment_id);
  const { row } = details ?? {};
  if (!row?.startTime || !row.practitionerUserId) return;
  const [practitioner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.practitionerUserId));
  if (!practitioner) return;
  await deps.mailer.send(db, {
    to: practitioner.email,
    subject: `Appointment cancelled by the customer: ${describeInZone(row.startTime, row.tzLocation)}`,
    text: [
      `The customer has cancelled appointment ${row.providerBookingReference ?? row.id} within 24 hours of its start.`,
      `It was due at ${describeInZone(row.startTime, row.tzLocation)}.`,
      'No action is needed; the time stays in your rota.',
    ].join('\n'),
    template: 'booking.late_cancellation',
  });
}

/** Who the alternative link goes to: the appointment's people. */
export const alternativeLinkRecipients = (details: Booking): string[] => recipients(details, []);

/**
 * The practitioner opened a room on the alternative video service: its link goes to the
 * appointment's people, with the booking's own joining link (its token unsealed) to come back by.
 */
async function sendAlternativeLink(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const details = await detailsOf(db, event.payload.appointment_id);
  const { productName, publicUrl, alternativeVideoUrl } = deps.settings;
  if (!details?.row.alternativeVideoRoom || !alternativeVideoUrl) return;
  const link = alternativeLink(alternativeVideoUrl, details.row.alternativeVideoRoom);
  const shortToken = details.row.shortTokenSealed ? await deps.sealer.open(details.row.shortTokenSealed) : null;
  for (const address of alternativeLinkRecipients(details)) {
    await deps.mailer.send(db, {
      to: address,
      subject: `${productName}: your alternative video link`,
      text: [
        'Your practitioner has sent you an alternative link for your video appointment.',
        details.row.startTime ? `Appointment: ${describeInZone(details.row.startTime, details.row.tzLocation)}` : '',
        `Join here: ${link}`,
        shortToken ? `Or join on ${productName} with your own link: ${joinLink(publicUrl, details.row.id, shortToken)}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      template: 'booking.alternative_link',
    });
  }
}

/** The booking engine's e-mails, each a handler of the event its change writes. */
export function registerBookingMessages(relay: OutboxRelay, deps: MailDeps & { processorOwns: ProcessorOwns }): void {
  relay.on('appointment.booked', 'booking.confirmation-mail', (event, db) => sendBookingConfirmation(deps, event, db));
  relay.on('appointment.rebook', 'booking.rebook-mail', (event, db) => sendBookingConfirmation(deps, event, db));
  relay.on('appointment.cancelled', 'booking.late-cancellation-mail', (event, db) => notifyPractitionerOfLateCancellation(deps, event, db));
  relay.on('appointment.alternative_link', 'booking.alternative-link-mail', (event, db) => sendAlternativeLink(deps, event, db));
  relay.on('appointment.link_renewed', 'booking.renewed-link-mail', (event, db) => sendRenewedLink(deps, event, db));
}
