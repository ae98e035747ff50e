import { isReader, type Caller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import type { BookingDeps } from './deps';

/**
 * Records a read or write of appointments' health data (their booking users): one record per
 * appointment, through the platform's one audit write path; a write passes its transaction.
 */
export function auditHealthData(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db = deps.db): Promise<void> {
  return deps.audit.healthData(db, caller, { action, resourceType: 'appointment', resourceIds: appointmentIds });
}

/** How a read is audited: `each` read a record, or `windowed` one per reader, appointment and 15-minute window. */
export type ReadAudit = 'each' | 'windowed';

/** A short-token holder's reads (no session) are windowed, so a link opened again does not fill the audit trail. */
export const readAuditOf = (caller: Caller): ReadAudit => (caller.shortToken && !caller.auth ? 'windowed' : 'each');

/**
 * Records a read of appointments' health data as `audit` says (`ctx.audit.listRead` counts a window's
 * later reads); a caller with neither a session nor a token has no reader to window by: a record each.
 */
export function auditRead(deps: BookingDeps, caller: Caller, appointmentIds: string[], audit: ReadAudit): Promise<void> {
  return audit === 'windowed' && isReader(caller) ? deps.audit.listRead(caller, 'appointment', appointmentIds) : auditHealthData(deps, caller, 'read', appointmentIds);
}
