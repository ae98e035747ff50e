import path from 'node:path';
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from './payments';
import { parseClamdAddress } from './clamav';
import { parseMessageKey } from './sealing';

/** Every setting the server reads from the environment; README lists them. */
export interface Config {
  port: number;
  host: string;
  productName: string;
  /** The organisation (by name) whose b2c role a self sign-up at /identity/sign-up gets. */
  b2cOrganisation: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginTokenSeconds: number;
  loginAttemptsPerIp: number;
  /** Wrong passwords for one account from one address before that address must wait. */
  loginFailuresBeforeDelay: number;
  /** The first wait after those failures; it doubles with each further failure, up to the maximum. */
  loginDelaySeconds: number;
  loginDelayMaxSeconds: number;
  /** E-mails from the routes that send them on request (invitations, alternative links, resends), per window. */
  mailPerSender: number;
  mailPerRecipient: number;
  mailLimitWindowSeconds: number;
  /** Slot holds an address may start in 30 minutes (moving a hold to another slot starts none). */
  bookingHoldsPerAddress: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seals message bodies and outbox secrets (AES-256-GCM); unset, a key is generated and kept in the database. */
  messageKey: Buffer | undefined;
  /** clamd (host:port or a socket path) that scans uploaded chat images; unset: not scanned. */
  clamdAddress: string | undefined;
  webDist: string;
  logLevel: string;
  /** An https address the help page embeds for the swab-test video instead of the file Vireo hosts. */
  swabVideoEmbedUrl: string | undefined;
  /** Video calls' ICE servers: STUN and TURN addresses, and the TURN server's shared secret (coturn use-auth-secret). */
  video: VideoConfig;
  /**
   * The alternative video service (spec 2 §2.3, the spec's 8x8): a Jitsi-compatible meeting
   * server whose rooms are `{address}/{room}`. Unset, practitioners cannot offer one.
   */
  alternativeVideoUrl: string | undefined;
  /** The workflow processor's HTTP nodes may call private and loopback addresses (off by default: SSRF). */
  processorAllowPrivateHosts: boolean;
  /** Days a finished processor run keeps its data (init_data, each node's input and output) before it is redacted. */
  processorRunRetentionDays: number;
  /** Seconds a processor run's lease lasts (its worker renews it); a dead worker's run is taken up once it passes. */
  processorRunLeaseSeconds: number;
  /** The SMS provider the processor's SMS nodes post to (URL and key); unset, SMS are only recorded. */
  smsProviderUrl: string | undefined;
  smsProviderKey: string | undefined;
  /** The programmable-voice provider the call widget's phone calls go through; unset, the widget rings Vireo pages only. */
  voicePhone: VoicePhoneConfig | undefined;
  /** The Ed25519 key certificates are signed with (PKCS#8 PEM, or its DER in base64); unset, one is generated on first start and kept sealed. */
  certificateSigningKey: string | undefined;
  /** Certificate verifications (POST /api/certificates/verify) one address may ask for per minute. */
  certificateVerificationsPerMinute: number;
  /** Who issues certificates, as printed on them. */
  certificateProvider: { name: string; address: string; ukasNumber: string };
  /** The card payment gateway of bookings and orders (`platform/payments.ts`); `sandbox`, the built-in test gateway, by default. */
  paymentGateway: PaymentGatewayName;
}

/** A Twilio-compatible programmable-voice REST API (VOICE_PHONE_*). */
export interface VoicePhoneConfig {
  /** The provider's API address (default https://api.twilio.com); plain http only on this machine, for a provider emulator. */
  apiUrl: string;
  /** API key and secret: Basic auth on the calls Vireo makes, and the key that signs the provider's status reports. */
  account: string;
  secret: string;
  /** The number calls come from (E.164). */
  callerNumber: string;
}

export interface VideoConfig {
  stunUrls: string[];
  turnUrls: string[];
  /** Unset: TURN addresses are not offered (a TURN server needs credentials). */
  turnSecret: string | undefined;
  /** How long minted TURN credentials work. */
  turnCredentialSeconds: number;
}

function urlList(name: string, value: string | undefined, schemes: readonly string[]): string[] {
  const urls = (value ?? '').split(',').map((url) => url.trim()).filter(Boolean);
  for (const url of urls) {
    if (!schemes.some((scheme) => url.startsWith(`${scheme}:`))) throw new Error(`${name} must list ${schemes.join('/')}: addresses, got "${url}"`);
  }
  return urls;
}

function httpsUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an https:// address, got "${value}"`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must be an https:// address, got "${value}"`);
  return url.toString();
}

function providerUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an https:// address, got "${value}"`);
  }
  const onThisMachine = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !onThisMachine) throw new Error(`${name} must be an https:// address, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function voicePhone(env: NodeJS.ProcessEnv): VoicePhoneConfig | undefined {
  const { VOICE_PHONE_ACCOUNT: account, VOICE_PHONE_SECRET: secret, VOICE_PHONE_CALLER: callerNumber } = env;
  if (!account && !secret && !callerNumber) return undefined;
  if (!account || !secret || !callerNumber) throw new Error('VOICE_PHONE_ACCOUNT, VOICE_PHONE_SECRET and VOICE_PHONE_CALLER are set together');
  if (!/^\+[1-9]\d{6,14}$/.test(callerNumber)) throw new Error(`VOICE_PHONE_CALLER must be a number in E.164 form (+447700900123), got "${callerNumber}"`);
  return { apiUrl: providerUrl('VOICE_PHONE_API_URL', env.VOICE_PHONE_API_URL || 'https://api.twilio.com'), account, secret, callerNumber };
}

function paymentGateway(value: string | undefined): PaymentGatewayName {
  const name = value || 'sandbox';
  if (!(PAYMENT_GATEWAYS as readonly string[]).includes(name)) throw new Error(`PAYMENT_GATEWAY must be one of ${PAYMENT_GATEWAYS.join(', ')}, got "${name}"`);
  return name as PaymentGatewayName;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Expected a positive whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080);
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    productName: env.PRODUCT_NAME ?? 'Vireo',
    b2cOrganisation: env.B2C_ORGANISATION || 'Vireo',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.VIREO_SEED_DEMO !== 'false',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 60),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    loginTokenSeconds: int(env.LOGIN_TOKEN_SECONDS, 120),
    loginAttemptsPerIp: int(env.LOGIN_ATTEMPTS_PER_IP, 50),
    loginFailuresBeforeDelay: int(env.LOGIN_FAILURES_BEFORE_DELAY, 5),
    loginDelaySeconds: int(env.LOGIN_DELAY_SECONDS, 60),
    loginDelayMaxSeconds: int(env.LOGIN_DELAY_MAX_SECONDS, 3600),
    mailPerSender: int(env.MAIL_PER_SENDER, 200),
    mailPerRecipient: int(env.MAIL_PER_RECIPIENT, 3),
    mailLimitWindowSeconds: int(env.MAIL_LIMIT_WINDOW_SECONDS, 3600),
    bookingHoldsPerAddress: int(env.BOOKING_HOLDS_PER_ADDRESS, 10),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Vireo <no-reply@vireo.localhost>',
    messageKey: parseMessageKey(env.MESSAGE_KEY),
    clamdAddress: parseClamdAddress(env.CLAMD_ADDRESS),
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    swabVideoEmbedUrl: httpsUrl('SWAB_VIDEO_EMBED_URL', env.SWAB_VIDEO_EMBED_URL),
    video: {
      stunUrls: urlList('VIDEO_STUN_URLS', env.VIDEO_STUN_URLS, ['stun', 'stuns']),
      turnUrls: urlList('VIDEO_TURN_URLS', env.VIDEO_TURN_URLS, ['turn', 'turns']),
      turnSecret: env.VIDEO_TURN_SECRET || undefined,
      turnCredentialSeconds: int(env.VIDEO_TURN_CREDENTIAL_SECONDS, 3600),
    },
    alternativeVideoUrl: httpsUrl('VIDEO_ALTERNATIVE_URL', env.VIDEO_ALTERNATIVE_URL),
    processorAllowPrivateHosts: env.PROCESSOR_ALLOW_PRIVATE_HOSTS === 'true',
    processorRunRetentionDays: int(env.PROCESSOR_RUN_RETENTION_DAYS, 30),
    processorRunLeaseSeconds: int(env.PROCESSOR_RUN_LEASE_SECONDS, 60),
    smsProviderUrl: env.SMS_PROVIDER_URL || undefined,
    smsProviderKey: env.SMS_PROVIDER_KEY || undefined,
    voicePhone: voicePhone(env),
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY || undefined,
    certificateVerificationsPerMinute: int(env.CERTIFICATE_VERIFICATIONS_PER_MINUTE, 120),
    certificateProvider: {
      name: env.CERTIFICATE_PROVIDER_NAME || env.PRODUCT_NAME || 'Vireo',
      address: env.CERTIFICATE_PROVIDER_ADDRESS || 'London, United Kingdom',
      ukasNumber: env.CERTIFICATE_UKAS_NUMBER || 'not configured',
    },
    paymentGateway: paymentGateway(env.PAYMENT_GATEWAY),
  };
}
