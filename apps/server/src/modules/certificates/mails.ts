import { and, eq, isNull } from 'drizzle-orm';
import { Uuid, type TestResultValue } from '@vireo/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { DownloadLinks } from '../../platform/download-links';
import { notFound } from '../../platform/errors';
import { certificates } from '../../db/schema';
import type { FileStorage } from '../../platform/files';
import type { Mailer } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import * as repo from './repo';
import { testOf } from './service';

export interface CertificateMessageDeps {
  mailer: Mailer;
  files: FileStorage;
  productName: string;
  publicUrl: string;
  clock: Clock;
  /** Signs the link whose first opening marks the certificate opened. */
  openedLinks: DownloadLinks;
  /** Whether the organisation's processor sends this message for the event (booking's `ProcessorOwns`). */
  processorOwns(db: Db, event: OutboxEvent, message: string): Promise<boolean>;
  /** Userdata's attach path: the certificate joins the booker's test results (their /patient/test-results). */
  attachTestResult(input: { roleProfileId: string; name: string; sampleDate: Date; result: TestResultValue; pdf: Buffer; fileName: string }, db: Db): Promise<unknown>;
}

/**
 * The certificate a payload names, when it is the organisation's: an id naming another organisation's
 * certificate, or none, is not found. A certificate whose organisation was deleted is of none (null).
 */
async function certificateOf(db: Db, payload: Record<string, unknown>, organisationId: string | null): Promise<repo.CertificateRow | undefined> {
  const id = Uuid.safeParse(payload.certificate_id);
  const certificate = id.success ? await repo.findCertificate(db, id.data) : undefined;
  return certificate?.organisationId === organisationId ? certificate : undefined;
}

/**
 * The valid certificate an event names, with its PDF; null when there is none of the event's
 * organisation (replaced, or another organisation's: the delivery ends without sending, as for a
 * record that vanished).
 */
async function issued(deps: CertificateMessageDeps, event: OutboxEvent, db: Db) {
  const certificate = await certificateOf(db, event.payload, event.organisationId);
  if (!certificate || certificate.status !== 'valid') return null;
  const file = await deps.files.get(certificate.pdfKey);
  if (!file) throw new Error(`certificate ${certificate.id}: its PDF is missing`);
  return { certificate, pdf: file.data, fileName: `certificate-${certificate.number}.pdf` };
}

/** The values of the certificate e-mail: what the product's e-mail and the processor's default task fill in. */
export interface CertificateMessage {
  recipients: string[];
  /** `open_link` is the signed link whose first opening marks the certificate opened; `verify_link` the public check. */
  /** The template's values; `certificate_id` also lets the processor's e-mail mark the certificate sent. */
  values: { product: string; name: string; number: string; open_link: string; verify_link: string; certificate_id: string };
  /** The PDF, by its key in the file storage. */
  attachment: { filename: string; contentType: 'application/pdf'; fileKey: string };
}

/**
 * Who the certificate of a `certificate.issued` (or `certificate.email_requested`) event goes to and
 * what its e-mail says; null when it is not sent: replaced before delivery, or issued with
 * `mail: false` (an uploaded result, sent from the uploaded results' table). `organisationId` is the
 * processor task's organisation (or the event's), whose certificates alone it reads: an id naming
 * another's, or none, is not found (404), with nothing read and no link signed.
 */
export async function certificateMessage(
  deps: Pick<CertificateMessageDeps, 'productName' | 'publicUrl' | 'openedLinks'>,
  db: Db,
  payload: Record<string, unknown>,
  organisationId: string | null,
): Promise<CertificateMessage | null> {
  const certificate = await certificateOf(db, payload, organisationId);
  if (!certificate) throw notFound();
  if (payload.mail === false || certificate.status !== 'valid') return null;
  const person = await repo.findBookingUser(db, certificate.bookingUserId);
  if (!person) return null;
  const metadata = person.metadata;
  const grant = await deps.openedLinks.sign(certificate.id, certificate.bookingUserId, db);
  return {
    recipients: [certificate.email ?? (typeof metadata.email === 'string' && metadata.email ? metadata.email : person.email)],
    values: {
      product: deps.productName,
      name: certificate.holderName.split(' ')[0] || person.firstName,
      number: certificate.number,
      open_link: `${deps.publicUrl}/verify/${certificate.id}?${new URLSearchParams({ user: grant.user, expires: String(grant.expires), signature: grant.signature })}`,
      verify_link: `${deps.publicUrl}/verify/${certificate.id}`,
      certificate_id: certificate.id,
    },
    attachment: { filename: `certificate-${certificate.number}.pdf`, contentType: 'application/pdf', fileKey: certificate.pdfKey },
  };
}

/**
 * Marks a certificate sent, when its e-mail went: by this handler or by a processor task, only a
 * certificate of the event's (the task's) organisation.
 */
export async function markCertificateSent(db: Db, clock: Clock, certificateId: string, organisationId: string | null): Promise<void> {
  const organisation = organisationId === null ? isNull(certificates.organisationId) : eq(certificates.organisationId, organisationId);
  await db.update(certificates).set({ sentAt: clock.now() }).where(and(eq(certificates.id, certificateId), organisation));
}

/**
 * The certificate e-mailed to the person it is for, with its PDF and a link to its status page that
 * marks it opened; its sent_at set. On issue, not for an organisation whose processor sends it. Only
 * a certificate of the event's organisation: an event naming another's sends nothing and is done.
 */
async function sendCertificate(deps: CertificateMessageDeps, event: OutboxEvent, db: Db): Promise<void> {
  if (event.name === 'certificate.issued' && (await deps.processorOwns(db, event, 'certificate.issued'))) return;
  const found = await issued(deps, event, db);
  const message = found && (await certificateMessage(deps, db, event.payload, event.organisationId));
  if (!found || !message) return;
  const { values } = message;
  await deps.mailer.send(db, {
    to: message.recipients[0]!,
    template: 'certificate.issued',
    subject: `Your ${values.product} test certificate ${values.number}`,
    text: [
      `Hello ${values.name},`,
      '',
      'Your test certificate is attached to this e-mail as a PDF.',
      `Open it online: ${values.open_link}`,
      `Anyone can check it by scanning its QR code, or at ${values.verify_link}.`,
      '',
      'It is a screening result, not a diagnosis.',
      '',
      `The ${values.product} team`,
    ].join('\n'),
    attachments: [{ filename: found.fileName, content: found.pdf, contentType: 'application/pdf' }],
  });
  await markCertificateSent(db, deps.clock, found.certificate.id, event.organisationId);
}

/** The certificate among the test results of the account that booked the appointment, when it has a patient profile. */
async function addToTestResults(deps: CertificateMessageDeps, event: OutboxEvent, db: Db): Promise<void> {
  const found = await issued(deps, event, db);
  const appointment = found && (await repo.findAppointment(db, found.certificate.appointmentId));
  const profileId = appointment?.bookerUserId ? await repo.patientProfileOf(db, appointment.bookerUserId) : undefined;
  if (!found || !profileId) return;
  const { test, result, sampleTime } = testOf(found.certificate.facts);
  await deps.attachTestResult(
    {
      roleProfileId: profileId,
      name: test === 'pcr' ? 'COVID-19 RT-PCR certificate' : 'COVID-19 antigen certificate',
      sampleDate: sampleTime,
      result,
      pdf: found.pdf,
      fileName: found.fileName,
    },
    db,
  );
}

export function registerCertificateMessages(relay: OutboxRelay, deps: CertificateMessageDeps): void {
  relay.on('certificate.issued', 'certificates.mail', (event, db) => sendCertificate(deps, event, db));
  relay.on('certificate.issued', 'certificates.test-results', (event, db) => addToTestResults(deps, event, db));
  relay.on('certificate.email_requested', 'certificates.mail-again', (event, db) => sendCertificate(deps, event, db));
}
