import path from 'node:path';
import { AuditLog } from './platform/audit';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { LocalDiskStorage, type FileStorage } from './platform/files';
import { LiveHub } from './platform/live';
import { Mailer } from './platform/mail';
import { RateLimiter } from './platform/rate-limit';
import { IdentityService, type LoginLimits } from './modules/identity/service';
import { SessionStore } from './modules/identity/sessions';
import { createBookingDeps } from './modules/booking/deps';
import { TestPaymentGateway } from './modules/booking/payment-gateway';
import { UserdataService } from './modules/userdata/service';
import type { AppContext } from './app-context';
import type { PgBoss } from 'pg-boss';

/** Wires the services of one server process together. */
export function createContext(
  config: Config,
  database: Database,
  clock: Clock,
  jobs: PgBoss | null,
  files: FileStorage = new LocalDiskStorage(path.join(config.dataDir, 'files')),
): AppContext {
  const { db } = database;
  const limits: LoginLimits = { perIp: config.loginAttemptsPerIp, perAccountFailures: 5, windowSeconds: 15 * 60 };
  const audit = new AuditLog(db, clock);
  const limiter = new RateLimiter(db, clock);
  const sessions = new SessionStore(db, clock, { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours });
  const identity = new IdentityService({ db, clock, audit, limiter, sessions, loginTokenSeconds: config.loginTokenSeconds, limits });
  const mailer = new Mailer(db, clock, config.smtpUrl, config.mailFrom);
  const live = new LiveHub({ database, resolveSession: (token) => sessions.resolve(token), audit, clock });
  sessions.shareChangesThrough(live);
  live.onSessionChange((audience) => sessions.forget(audience ?? {}));
  const userdata = new UserdataService({ db, clock, audit, mailer, files, productName: config.productName, publicUrl: config.publicUrl });
  const booking = createBookingDeps({ db, clock, audit, limiter, mailer, gateway: new TestPaymentGateway(clock), jobs, live, config });
  return { config, database, clock, audit, limiter, mailer, files, sessions, identity, userdata, booking, jobs, live };
}
