import { sql } from 'drizzle-orm';
import { COUNT_READ_IN_WINDOW, readWindowOf, type AuditActorKind } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { BookingDeps, Caller } from './deps';

/** Who acts, for the audit trail: the session's user; else the holder of the appointment's short token; else an anonymous request or the system. */
export interface BookingActor {
  kind: AuditActorKind;
  userId: string | null;
  role: string | null;
}

export function actorOf(caller: Caller): BookingActor {
  if (caller.auth) return { kind: 'user', userId: caller.auth.userId, role: caller.auth.role.name };
  if (caller.shortToken) return { kind: 'short_token', userId: null, role: null };
  return { kind: caller.request ? 'anonymous' : 'system', userId: null, role: null };
}

/**
 * One INSERT … SELECT over a single array parameter, ids in order (so concurrent list reads of the
 * same records take their row locks in one order). A multi-row VALUES of eleven parameters per row
 * cost more CPU to build than the rest of a 500-row list request.
 */
async function insertReads(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db, window: Date | null): Promise<void> {
  if (appointmentIds.length === 0) return;
  const actor = actorOf(caller);
  await db.execute(sql`
    INSERT INTO audit_events (at, action, outcome, resource_type, resource_id, actor_kind, actor_user_id, actor_role, ip, request_id, window_start)
    SELECT ${deps.clock.now().toISOString()}::timestamptz, ${`health_data.${action}`}, 'success', 'appointment', id, ${actor.kind}, ${actor.userId}::uuid, ${actor.role},
      ${caller.request?.ip ?? null}, ${caller.request?.id ?? null}, ${window?.toISOString() ?? null}::timestamptz
    FROM unnest(${sql.param(appointmentIds)}::text[]) AS id
    ORDER BY id::uuid
    ${window ? sql.raw(COUNT_READ_IN_WINDOW) : sql``}`);
}

/**
 * Records a read or write of appointments' health data (their booking users): one record per
 * appointment, so "who read this appointment" stays a lookup by resource id.
 */
export function auditHealthData(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db = deps.db): Promise<void> {
  return insertReads(deps, caller, action, appointmentIds, db, null);
}

/**
 * Records a list's read of appointments' health data: one record per reader, appointment and
 * 15-minute window, counting the reads in it, so refetching a list (live updates, polling) does
 * not fill the audit trail. The staff lists write theirs in their own statement (list-page.ts).
 */
export function auditListRead(deps: BookingDeps, caller: Caller, appointmentIds: string[]): Promise<void> {
  return insertReads(deps, caller, 'read', [...new Set(appointmentIds)], deps.db, readWindowOf(deps.clock.now()));
}
