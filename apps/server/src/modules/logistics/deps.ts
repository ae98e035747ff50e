import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { OutboxRelay } from '../../platform/outbox';

/** What the logistics service needs; built once per process (ctx.logistics). */
export interface LogisticsDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** The missed-receipts job writes `receipt.missed` (its handler e-mails the customer). */
  outbox: Pick<OutboxRelay, 'emit' | 'emitAll'>;
  /** The web app's address: a dropbox's QR code carries its collection link there. */
  publicUrl: string;
}
