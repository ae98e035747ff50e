import type { AuditLog } from './platform/audit';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import type { FileStorage } from './platform/files';
import type { LiveHub } from './platform/live';
import type { Jobs } from './platform/jobs';
import type { Mailer } from './platform/mail';
import type { OutboxRelay } from './platform/outbox';
import type { MailQuota, RateLimiter } from './platform/rate-limit';
import type { Sealer } from './platform/sealing';
import type { IdentityDeps, SessionStore } from './modules/identity';
import type { BookingDeps } from './modules/booking';
import type { CommerceDeps } from './modules/commerce';
import type { OrdersDeps } from './modules/orders';
import type { LabResultsDeps } from './modules/lab-results';
import type { LogisticsDeps } from './modules/logistics';
import type { PartnersDeps } from './modules/partners';
import type { DoctorsDeps } from './modules/doctors';
import type { MessagesDeps } from './modules/messages';
import type { ChatDeps } from './modules/chat';
import type { RotaDeps } from './modules/rota';
import type { UserdataDeps } from './modules/userdata';
import type { CallRooms, VideoDeps } from './modules/video';
import type { VoiceDeps } from './modules/voice';
import type { ProcessorDeps } from './modules/processor';
import type { CertificatesDeps } from './modules/certificates';

/** What every module gets: built once per server process in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  audit: AuditLog;
  limiter: RateLimiter;
  /** Seals what must not rest in clear (message bodies, outbox secrets). */
  sealer: Sealer;
  /** The quota of the routes that send e-mail on request: `await ctx.mailQuota.claim(senderId, recipients)`. */
  mailQuota: MailQuota;
  mailer: Mailer;
  /** The outbox relay: `outbox.emit(tx, event)` with a change; modules register handlers with `outbox.on`. */
  outbox: OutboxRelay;
  files: FileStorage;
  sessions: SessionStore;
  identity: IdentityDeps;
  userdata: UserdataDeps;
  booking: BookingDeps;
  rota: RotaDeps;
  doctors: DoctorsDeps;
  messages: MessagesDeps;
  commerce: CommerceDeps;
  orders: OrdersDeps;
  /** Sample logistics: dropboxes and the receipts of drop-offs. */
  logistics: LogisticsDeps;
  /** Partners: their records and booking pages' settings. */
  partners: PartnersDeps;
  video: VideoDeps;
  /** The video rooms: the live hub hands them every `call.*` message (tests call `settleDepartures` after moving the clock). */
  calls: CallRooms;
  /** The practitioner's call widget: devices, calls ringing the customer's open page. */
  voice: VoiceDeps;
  chat: ChatDeps;
  /** The workflow processor: tasks run on domain events (its outbox handlers and run jobs). */
  processor: ProcessorDeps;
  /** Certificates: signing keys, issue, verification and delivery. */
  certificates: CertificatesDeps;
  /** PCR tests and uploaded lab results; their certificates through the certificate service. */
  labResults: LabResultsDeps;
  /** Background jobs over pg-boss (`defineJob`); inert in the API test harness. */
  jobs: Jobs;
  /** Live updates: `ctx.live.publish({ topic, kind, audience, data })` after a change commits. */
  live: LiveHub;
}
