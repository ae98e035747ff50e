import type { Db } from '../../platform/db';
import { auditEvents } from '../../db/schema';
import type { BookingDeps, Caller } from './deps';

/**
 * Records a read or write of appointments' health data (their booking users). One record per
 * appointment; lists are written in one insert so a long list costs one round trip.
 */
export async function auditHealthData(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db = deps.db): Promise<void> {
  if (appointmentIds.length === 0) return;
  const [first] = appointmentIds;
  if (appointmentIds.length === 1 && first && caller.request) {
    await deps.audit.healthData(caller.request, action, 'appointment', first, db);
    return;
  }
  const at = deps.clock.now();
  await db.insert(auditEvents).values(
    appointmentIds.map((id) => ({
      at,
      action: `health_data.${action}`,
      outcome: 'success',
      resourceType: 'appointment',
      resourceId: id,
      actorUserId: caller.auth?.userId ?? null,
      actorRole: caller.auth?.role.name ?? (caller.shortToken ? 'customer_link' : 'system'),
      ip: caller.request?.ip ?? null,
      requestId: caller.request?.id ?? null,
      details: null,
    })),
  );
}
