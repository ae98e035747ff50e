import type { Caller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import type { BookingDeps } from './deps';

/**
 * Records a read or write of appointments' health data (their booking users): one record per
 * appointment, through the platform's one audit write path; a write passes its transaction.
 */
export function auditHealthData(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db = deps.db): Promise<void> {
  return deps.audit.healthData(db, caller, { action, resourceType: 'appointment', resourceIds: appointmentIds });
}
