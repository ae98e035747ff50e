import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { auditEvents } from '../../db/schema';
import type { BookingDeps, Caller } from './deps';

const column = (name: keyof typeof auditEvents.$inferInsert) => sql.identifier(auditEvents[name].name);

/**
 * Records a read or write of appointments' health data (their booking users). One record per
 * appointment, so "who read this appointment" stays a lookup by resource id. A list is written as
 * one INSERT … SELECT over a single array parameter: a multi-row VALUES of eleven parameters per
 * row cost more CPU to build than the rest of a 500-row list request.
 */
export async function auditHealthData(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db = deps.db): Promise<void> {
  if (appointmentIds.length === 0) return;
  const [first] = appointmentIds;
  if (appointmentIds.length === 1 && first && caller.request) {
    await deps.audit.healthData(caller.request, action, 'appointment', first, db);
    return;
  }
  const at = deps.clock.now().toISOString();
  const actorUserId = caller.auth?.userId ?? null;
  const actorRole = caller.auth?.role.name ?? (caller.shortToken ? 'customer_link' : 'system');
  await db.execute(sql`
    INSERT INTO ${auditEvents} (${column('at')}, ${column('action')}, ${column('outcome')}, ${column('resourceType')}, ${column('resourceId')}, ${column('actorUserId')}, ${column('actorRole')}, ${column('ip')}, ${column('requestId')})
    SELECT ${at}::timestamptz, ${`health_data.${action}`}, 'success', 'appointment', id, ${actorUserId}::uuid, ${actorRole}, ${caller.request?.ip ?? null}, ${caller.request?.id ?? null}
    FROM unnest(${sql.param(appointmentIds)}::text[]) AS id`);
}
