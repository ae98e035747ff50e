import { BOOKING } from '@vireo/contracts';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import type { LiveHub } from '../../platform/live';
import type { Mailer } from '../../platform/mail';
import type { OutboxRelay } from '../../platform/outbox';
import { PageCache } from '../../platform/page-cache';
import type { MailQuota, RateLimiter } from '../../platform/rate-limit';
import type { Sealer } from '../../platform/sealing';
import { LIST_TABLES, type ListPages } from './list-page';
import type { PaymentGateway } from '../../platform/payments';
import { buildServiceCatalogue, type ServiceCatalogue } from './services';

export interface BookingSettings {
  /** How long a hold lasts. 30 minutes (spec 2 §9); BOOKING_HOLD_SECONDS shortens it for browser tests only. */
  holdSeconds: number;
  /** Holds an address may start per hold period (BOOKING_HOLDS_PER_ADDRESS); moving a hold starts none. */
  holdsPerAddress: number;
  publicUrl: string;
  productName: string;
  /** The alternative video service's address (VIDEO_ALTERNATIVE_URL); unset, none is offered. */
  alternativeVideoUrl: string | undefined;
}

/** Everything the booking engine's service functions need; built once per process (ctx.booking). */
export interface BookingDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** Counters shared by every process: the holds an address starts. */
  limiter: RateLimiter;
  mailer: Mailer;
  /** The quota of e-mails sent on a person's request (the alternative link). */
  mailQuota: MailQuota;
  /** Seals the booking link's token for its signed-in booker (`appointments.short_token_sealed`). */
  sealer: Pick<Sealer, 'seal' | 'open'>;
  gateway: PaymentGateway;
  services: ServiceCatalogue;
  settings: BookingSettings;
  /** pg-boss jobs; without pg-boss (the API test harness) tests call the job handlers themselves. */
  jobs: Jobs;
  /** Domain events, written with the change's transaction (`outbox.emit(tx, …)`); e-mails are their handlers. */
  outbox: Pick<OutboxRelay, 'emit'>;
  /** Live updates: every committed change is published to the browsers that may see it. */
  live: Pick<LiveHub, 'publish' | 'log' | 'tablesHeard'>;
  /** The staff lists' pages answered lately; `createBookingDeps` has the live hub tell it of changes. */
  pages: ListPages;
  /**
   * Tests only (unset in the server): awaited by a payment between its first look for a twin
   * (`replayedPayment`) and its read of the slot's hold, so a test can commit the twin in that window.
   */
  beforeHoldCheck?: (slotId: string) => Promise<void>;
}

export function bookingSettings(config: Config, env: NodeJS.ProcessEnv = process.env): BookingSettings {
  const raw = env.BOOKING_HOLD_SECONDS;
  const holdSeconds = raw ? Number(raw) : BOOKING.holdMinutes * 60;
  if (!Number.isInteger(holdSeconds) || holdSeconds < 5 || holdSeconds > BOOKING.holdMinutes * 60) {
    throw new Error(`BOOKING_HOLD_SECONDS must be a whole number from 5 to ${BOOKING.holdMinutes * 60}, got "${raw}"`);
  }
  return { holdSeconds, holdsPerAddress: config.bookingHoldsPerAddress, publicUrl: config.publicUrl, productName: config.productName, alternativeVideoUrl: config.alternativeVideoUrl };
}

export function createBookingDeps(input: Omit<BookingDeps, 'services' | 'settings' | 'pages' | 'live'> & { config: Config; live: Pick<LiveHub, 'publish' | 'log' | 'tablesHeard' | 'watchTables'> }): BookingDeps {
  const { config, ...rest } = input;
  const pages: ListPages = new PageCache(LIST_TABLES);
  input.live.watchTables(pages);
  return { ...rest, pages, services: buildServiceCatalogue(config.productName), settings: bookingSettings(config) };
}
