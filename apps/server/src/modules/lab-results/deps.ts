import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import type { OutboxRelay } from '../../platform/outbox';
import type { CertificatesDeps } from '../certificates';

/** What the lab results' service needs; built once per process (ctx.labResults). */
export interface LabResultsDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  outbox: Pick<OutboxRelay, 'emit' | 'emitAll'>;
  /** Queues the jobs that make an upload's certificates. */
  jobs: Jobs;
  /** The certificate service, through its front door: it signs, stores and e-mails the certificates. */
  certificates: CertificatesDeps;
}
