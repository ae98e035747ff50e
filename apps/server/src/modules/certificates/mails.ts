import { eq } from 'drizzle-orm';
import type { TestResultValue } from '@vireo/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { DownloadLinks } from '../../platform/download-links';
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
  /** Userdata's attach path: the certificate joins the booker's test results (their /patient/test-results). */
  attachTestResult(input: { roleProfileId: string; name: string; sampleDate: Date; result: TestResultValue; pdf: Buffer; fileName: string }, db: Db): Promise<unknown>;
}

async function issued(deps: CertificateMessageDeps, event: OutboxEvent, db: Db) {
  const certificate = await repo.findCertificate(db, String(event.payload.certificate_id));
  if (!certificate || certificate.status !== 'valid') return null;
  const file = await deps.files.get(certificate.pdfKey);
  if (!file) throw new Error(`certificate ${certificate.id}: its PDF is missing`);
  return { certificate, pdf: file.data, fileName: `certificate-${certificate.number}.pdf` };
}

/**
 * The certificate e-mailed to the person it is for, with its PDF and a link to its status page that
 * marks it opened; its sent_at set. A certificate replaced before delivery is not sent, nor one
 * issued with `mail: false` (an uploaded result, sent from the uploaded results' table).
 */
async function sendCertificate(deps: CertificateMessageDeps, event: OutboxEvent, db: Db): Promise<void> {
  if (event.name === 'certificate.issued' && event.payload.mail === false) return;
  const found = await issued(deps, event, db);
  const person = found && (await repo.findBookingUser(db, found.certificate.bookingUserId));
  if (!found || !person) return;
  const metadata = person.metadata;
  const to = found.certificate.email ?? (typeof metadata.email === 'string' && metadata.email ? metadata.email : person.email);
  const name = found.certificate.holderName.split(' ')[0] || person.firstName;
  const grant = await deps.openedLinks.sign(found.certificate.id, found.certificate.bookingUserId, db);
  const link = `${deps.publicUrl}/verify/${found.certificate.id}?${new URLSearchParams({ user: grant.user, expires: String(grant.expires), signature: grant.signature })}`;
  await deps.mailer.send(db, {
    to,
    template: 'certificate.issued',
    subject: `Your ${deps.productName} test certificate ${found.certificate.number}`,
    text: [
      `Hello ${name},`,
      '',
      'Your test certificate is attached to this e-mail as a PDF.',
      `Open it online: ${link}`,
      `Anyone can check it by scanning its QR code, or at ${deps.publicUrl}/verify/${found.certificate.id}.`,
      '',
      'It is a screening result, not a diagnosis.',
      '',
      `The ${deps.productName} team`,
    ].join('\n'),
    attachments: [{ filename: found.fileName, content: found.pdf, contentType: 'application/pdf' }],
  });
  await db.update(certificates).set({ sentAt: deps.clock.now() }).where(eq(certificates.id, found.certificate.id));
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
