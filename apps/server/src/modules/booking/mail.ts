import type { BookingDeps } from './deps';
import { buildIcs } from './ics';
import type { AppointmentDetails } from './repo';
import type { ServiceDefinition } from './services';
import { describeInZone } from './time';

/** The customer's page for their booking: view, edit, reschedule or delete. */
export function manageLink(publicUrl: string, appointmentId: string, shortToken: string, service: string): string {
  const query = new URLSearchParams({ appointmentId, short_token: shortToken, service });
  return `${publicUrl}/book/manage?${query.toString()}`;
}

function recipients(details: AppointmentDetails, extra: string[]): string[] {
  const all = [...extra, ...details.bookingUsers.map((u) => u.email)].map((e) => e.trim().toLowerCase());
  return [...new Set(all)];
}

/** The confirmation e-mail, with the appointment as an .ics calendar attachment. */
export async function sendBookingConfirmation(
  deps: BookingDeps,
  details: AppointmentDetails,
  service: ServiceDefinition,
  shortToken: string | null,
  payerEmail: string | null,
  rebooked: boolean,
): Promise<void> {
  const { row } = details;
  if (!row.startTime || !row.endTime) return;
  const { productName, publicUrl } = deps.settings;
  const when = describeInZone(row.startTime, row.tzLocation);
  // A rescheduling patient signed in has no raw link token here: they manage it from their account.
  const link = shortToken ? manageLink(publicUrl, row.id, shortToken, row.type) : `${publicUrl}/patient/dashboard`;
  const names = details.bookingUsers.map((u) => `${u.firstName} ${u.lastName}`).join(', ');
  const text = [
    rebooked ? 'Your appointment has been rebooked.' : 'Your Appointment Has Been Booked',
    '',
    `${service.label}`,
    `When: ${when}`,
    `Booking reference: ${row.providerBookingReference ?? row.id}`,
    `People: ${names}`,
    '',
    'Please join at least 5 minutes before the start, from a quiet space with your camera and microphone on.',
    `To view, change or delete your appointment, use this link: ${link}`,
    'Changes and deletions with a rebook are possible until 24 hours before the start.',
  ].join('\n');
  const ics = buildIcs(
    {
      uid: `${row.id}@${new URL(publicUrl).hostname}`,
      start: row.startTime,
      end: row.endTime,
      stamp: deps.clock.now(),
      summary: `${productName}: ${service.label}`,
      description: `Booking reference ${row.providerBookingReference ?? row.id}. Manage your booking: ${link}`,
      url: link,
      sequence: rebooked ? 1 : 0,
    },
    productName,
  );
  for (const to of recipients(details, payerEmail ? [payerEmail] : [])) {
    await deps.mailer.send({
      to,
      subject: `${productName} appointment ${rebooked ? 'rebooked' : 'confirmed'}: ${when}`,
      text,
      template: rebooked ? 'booking.rebooked' : 'booking.confirmed',
      attachments: [{ filename: 'appointment.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    });
  }
}

/** Customer services replaced the customer's link: the new one goes to the same people as the confirmation. */
export async function sendRenewedLink(deps: BookingDeps, details: AppointmentDetails, shortToken: string, payerEmail: string | null): Promise<void> {
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
  for (const to of recipients(details, payerEmail ? [payerEmail] : [])) {
    await deps.mailer.send({ to, subject: `${productName}: a new link for your appointment`, text, template: 'booking.link_renewed' });
  }
}

/** A customer cancelled within 24 hours: the practitioner is told; the slot stays theirs. */
export async function notifyPractitionerOfLateCancellation(deps: BookingDeps, details: AppointmentDetails, practitionerEmail: string): Promise<void> {
  const { row } = details;
  if (!row.startTime) return;
  await deps.mailer.send({
    to: practitionerEmail,
    subject: `Appointment cancelled by the customer: ${describeInZone(row.startTime, row.tzLocation)}`,
    text: [
      `The customer has cancelled appointment ${row.providerBookingReference ?? row.id} within 24 hours of its start.`,
      `It was due at ${describeInZone(row.startTime, row.tzLocation)}.`,
      'No action is needed; the time stays in your rota.',
    ].join('\n'),
    template: 'booking.late_cancellation',
  });
}

export async function sendAlternativeLink(deps: BookingDeps, details: AppointmentDetails, link: string): Promise<number> {
  const { productName } = deps.settings;
  const to = recipients(details, []);
  for (const address of to) {
    await deps.mailer.send({
      to: address,
      subject: `${productName}: your alternative video link`,
      text: [
        'Your practitioner has sent you an alternative link for your video appointment.',
        details.row.startTime ? `Appointment: ${describeInZone(details.row.startTime, details.row.tzLocation)}` : '',
        `Join here: ${link}`,
      ]
        .filter(Boolean)
        .join('\n'),
      template: 'booking.alternative_link',
    });
  }
  return to.length;
}
