import type { PgBoss } from 'pg-boss';
import type { AuditLog } from './platform/audit';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import type { FileStorage } from './platform/files';
import type { Mailer } from './platform/mail';
import type { RateLimiter } from './platform/rate-limit';
import type { IdentityService } from './modules/identity/service';
import type { SessionStore } from './modules/identity/sessions';

/** What every module gets: built once per server process in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  audit: AuditLog;
  limiter: RateLimiter;
  mailer: Mailer;
  files: FileStorage;
  sessions: SessionStore;
  identity: IdentityService;
  jobs: PgBoss | null;
}
