import path from 'node:path';
import { AuditLog } from './platform/audit';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { LocalDiskStorage, type FileStorage } from './platform/files';
import { LiveHub } from './platform/live';
import type { Jobs } from './platform/jobs';
import { Mailer } from './platform/mail';
import { OutboxRelay } from './platform/outbox';
import { createPaymentGateway } from './platform/payments';
import { MailQuota, RateLimiter } from './platform/rate-limit';
import { Sealer } from './platform/sealing';
import { registerIdentityMessages, registerSignUpMessages, SessionStore, type IdentityDeps, type LoginLimits } from './modules/identity';
import { bookingMessage, createBookingDeps, registerBookingMessages } from './modules/booking';
import { createCatalogueCache, type CommerceDeps } from './modules/commerce';
import { createOrdersDeps, orderMessageOf, registerOrderMessages } from './modules/orders';
import type { LabResultsDeps } from './modules/lab-results';
import { createReceiptForTask, markReceiptMissedForTask, registerLogisticsMessages, updateCollectionForTask, type LogisticsDeps } from './modules/logistics';
import type { PartnersDeps } from './modules/partners';
import { CallRooms, type VideoDeps } from './modules/video';
import { TwilioCompatiblePhone, type VoiceDeps } from './modules/voice';
import { registerDoctorsMessages, type DoctorsDeps } from './modules/doctors';
import { registerMessagesResend, type MessagesDeps } from './modules/messages';
import type { RotaDeps } from './modules/rota';
import { createChatDeps, guestLiveKey, registerChatMessages } from './modules/chat';
import { attachResult, createUserdataDeps, registerUserdataMessages } from './modules/userdata';
import { CertificateKeys, certificateMessage, createCertificatesDeps, issueSystemCertificates, markCertificateSent, parseCertificateSigningKey, registerCertificateMessages } from './modules/certificates';
import { HttpSmsProvider, JsonataPool, processorOwns, RECORD_ONLY_SMS, registerProcessor, type ProcessorDeps } from './modules/processor';
import type { AppContext } from './app-context';

/** Wires the services of one server process together. */
export function createContext(
  config: Config,
  database: Database,
  clock: Clock,
  jobs: Jobs,
  files: FileStorage = new LocalDiskStorage(path.join(config.dataDir, 'files')),
): AppContext {
  const { db } = database;
  const limits: LoginLimits = {
    failuresBeforeDelay: config.loginFailuresBeforeDelay,
    delaySeconds: config.loginDelaySeconds,
    delayMaxSeconds: config.loginDelayMaxSeconds,
  };
  const audit = new AuditLog(db, clock);
  const limiter = new RateLimiter(db, clock);
  const mailQuota = new MailQuota(limiter, { perSender: config.mailPerSender, perRecipient: config.mailPerRecipient, windowSeconds: config.mailLimitWindowSeconds });
  const sessions = new SessionStore(db, clock, { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours });
  const sealer = new Sealer(db, clock, config.messageKey);
  const mailer = new Mailer(clock, sealer, config.smtpUrl, config.mailFrom);
  const outbox = new OutboxRelay({ db, clock, jobs, sealer });
  const identity: IdentityDeps = { db, clock, audit, limiter, sessions, mailQuota, outbox, loginTokenSeconds: config.loginTokenSeconds, limits, b2cOrganisation: config.b2cOrganisation };
  const live = new LiveHub({ database, resolveSession: (token) => sessions.resolve(token), audit, clock });
  sessions.shareChangesThrough(live);
  live.onSessionChange((audience) => sessions.forget(audience ?? {}));
  const userdata = createUserdataDeps({ db, clock, audit, outbox, mailQuota, files, productName: config.productName, publicUrl: config.publicUrl });
  const gateway = createPaymentGateway(config.paymentGateway, clock);
  const booking = createBookingDeps({ db, clock, audit, limiter, mailer, mailQuota, sealer, gateway, jobs, outbox, live, config });
  const certificates = createCertificatesDeps({
    db,
    clock,
    audit,
    outbox,
    files,
    keys: new CertificateKeys(db, clock, sealer, parseCertificateSigningKey(config.certificateSigningKey)),
    settings: { publicUrl: config.publicUrl, provider: config.certificateProvider },
  });
  const labResults: LabResultsDeps = { db, clock, audit, outbox, jobs, certificates };
  const rota: RotaDeps = { db, clock, audit, booking, live };
  const doctors: DoctorsDeps = { db, clock, audit, outbox, mailQuota, live, sessions, booking };
  const messages: MessagesDeps = { db, mailer, audit, mailQuota, outbox };
  const commerce: CommerceDeps = { db, clock, audit, cache: createCatalogueCache(live), productName: config.productName };
  const orders = createOrdersDeps({ db, clock, audit, outbox, gateway, productName: config.productName, live, booking });
  const logistics: LogisticsDeps = { db, clock, audit, outbox, publicUrl: config.publicUrl };
  const partners: PartnersDeps = { db, clock, audit, productName: config.productName };
  const video: VideoDeps = { db, clock, audit, booking, live, config: config.video, staleAfterMs: 3 * live.timings.heartbeatMs };
  const calls = new CallRooms(video);
  const voice: VoiceDeps = {
    db,
    clock,
    audit,
    booking,
    live,
    ice: config.video,
    phone: config.voicePhone && new TwilioCompatiblePhone(config.voicePhone),
    phoneStatusUrl: `${config.publicUrl}/api/voice/phone/status`,
  };
  live.setCallHandler(calls);
  const chat = createChatDeps({ db, clock, audit, limiter, mailQuota, live, outbox, sealer, files, clamdAddress: config.clamdAddress });
  live.registerGuests((token) => guestLiveKey(chat, token));
  const sms = config.smsProviderUrl && config.smsProviderKey ? new HttpSmsProvider(config.smsProviderUrl, config.smsProviderKey) : RECORD_ONLY_SMS;
  // Every message after a change is a handler of its event, registered before the process works deliveries.
  const messageDeps = { mailer, productName: config.productName, publicUrl: config.publicUrl };
  const certificateMessageDeps = { ...messageDeps, openedLinks: certificates.openedLinks };
  const processor: ProcessorDeps = {
    db,
    clock,
    jobs,
    audit,
    mailer,
    sealer,
    outbox,
    files,
    messages: {
      booking: (tx, input) => bookingMessage(booking, tx, input),
      order: (tx, orderId) => orderMessageOf(messageDeps, tx, orderId),
      certificate: (tx, organisationId, payload) => certificateMessage(certificateMessageDeps, tx, payload, organisationId),
      certificateSent: (tx, organisationId, certificateId) => markCertificateSent(tx, clock, certificateId, organisationId),
    },
    receipts: {
      create: (organisationId, input) => createReceiptForTask(logistics, organisationId, input),
      updateCollection: (organisationId, orderId, input) => updateCollectionForTask(logistics, organisationId, orderId, input),
      markMissed: (organisationId, receiptId) => markReceiptMissedForTask(logistics, organisationId, receiptId),
    },
    certificates: { issue: (organisationId, bookingUserIds, options) => issueSystemCertificates(certificates, organisationId, bookingUserIds, options) },
    jsonata: new JsonataPool(),
    sms,
    allowPrivateHosts: config.processorAllowPrivateHosts,
    publicUrl: config.publicUrl,
    runRetentionDays: config.processorRunRetentionDays,
    runLeaseMs: config.processorRunLeaseSeconds * 1000,
  };
  // The product messages the processor's default tasks took over are sent by exactly one of the two.
  registerBookingMessages(outbox, { ...booking, processorOwns });
  registerUserdataMessages(outbox, messageDeps);
  registerDoctorsMessages(outbox, messageDeps);
  registerMessagesResend(outbox, { mailer });
  registerIdentityMessages(outbox, { ...messageDeps, clock, audit });
  registerSignUpMessages(outbox, { ...messageDeps, clock, audit });
  registerChatMessages(outbox, { ...messageDeps, sealer });
  registerOrderMessages(outbox, { ...messageDeps, audit, processorOwns });
  registerLogisticsMessages(outbox, { ...messageDeps, audit });
  registerCertificateMessages(outbox, { ...certificateMessageDeps, files, clock, processorOwns, attachTestResult: (input, tx) => attachResult(userdata, input, tx) });
  registerProcessor(outbox, processor);
  return { config, database, clock, audit, limiter, mailQuota, sealer, mailer, outbox, files, sessions, identity, userdata, booking, rota, doctors, messages, video, calls, voice, commerce, orders, logistics, partners, chat, processor, certificates, labResults, jobs, live };
}
