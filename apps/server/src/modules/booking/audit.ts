import { sql } from 'drizzle-orm';
import { FIRST_READ_IN_WINDOW, readWindowOf, type AuditActorKind } from '../../platform/audit';
import { rowsOf, type Db } from '../../platform/db';
import type { Caller } from '../../platform/caller';
import type { BookingDeps } from './deps';

/** Who acts, for the audit trail: the session's user; else the holder of the appointment's short token; else an anonymous request or the system. */
export interface BookingActor {
  kind: AuditActorKind;
  userId: string | null;
  role: string | null;
}

export function actorOf(caller: Caller): BookingActor {
  if (caller.auth) return { kind: 'user', userId: caller.auth.userId, role: caller.auth.role.name };
  if (caller.shortToken) return { kind: 'short_token', userId: null, role: null };
  return { kind: caller.origin ? 'anonymous' : 'system', userId: null, role: null };
}

/**
 * One INSERT … SELECT over a single array parameter, ids in order (so concurrent list reads of the
 * same records take their row locks in one order). A multi-row VALUES of eleven parameters per row
 * cost more CPU to build than the rest of a 500-row list request.
 */
async function insertReads(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db, window: Date | null): Promise<string[]> {
  if (appointmentIds.length === 0) return [];
  const actor = actorOf(caller);
  const written = await db.execute(sql`
    INSERT INTO audit_events (at, action, outcome, resource_type, resource_id, actor_kind, actor_user_id, actor_role, ip, request_id, window_start)
    SELECT ${deps.clock.now().toISOString()}::timestamptz, ${`health_data.${action}`}, 'success', 'appointment', listed.id, ${actor.kind}, ${actor.userId}::uuid, ${actor.role},
      ${caller.origin?.address ?? null}, ${caller.origin?.requestId ?? null}, ${window?.toISOString() ?? null}::timestamptz
    FROM unnest(${sql.param(appointmentIds)}::text[]) AS listed(id)
    ${window ? sql`WHERE NOT EXISTS (SELECT 1 FROM audit_events recorded WHERE recorded.actor_user_id = ${actor.userId}::uuid AND recorded.resource_type = 'appointment' AND recorded.resource_id = listed.id AND recorded.window_start = ${window.toISOString()}::timestamptz OFFSET 0)` : sql``}
    ORDER BY listed.id::uuid
    ${window ? sql.raw(FIRST_READ_IN_WINDOW) : sql``}
    RETURNING resource_id`);
  return rowsOf<{ resource_id: string }>(written).map((row) => row.resource_id);
}

/**
 * Records a read or write of appointments' health data (their booking users): one record per
 * appointment, so "who read this appointment" stays a lookup by resource id.
 */
export async function auditHealthData(deps: BookingDeps, caller: Caller, action: 'read' | 'write', appointmentIds: string[], db: Db = deps.db): Promise<void> {
  await insertReads(deps, caller, action, appointmentIds, db, null);
}

/**
 * Records a list's read of appointments' health data: one record per reader, appointment and
 * 15-minute window, counting the reads in it, so refetching a list (live updates, polling) does
 * not fill the audit trail. The staff lists write theirs in their own statement (list-page.ts).
 */
export async function auditListRead(deps: BookingDeps, caller: Caller, appointmentIds: string[]): Promise<void> {
  const ids = [...new Set(appointmentIds)];
  const window = readWindowOf(deps.clock.now());
  const written = new Set(await insertReads(deps, caller, 'read', ids, deps.db, window));
  countLaterReads(deps, actorOf(caller), window, ids.filter((id) => !written.has(id)));
}

/** Reads of appointments whose record in the window was there already: counted on it (AuditLog.countReads). */
export function countLaterReads(deps: BookingDeps, actor: BookingActor, window: Date, appointmentIds: readonly string[]): void {
  if (actor.userId && appointmentIds.length > 0) deps.audit.countReads({ userId: actor.userId, resourceType: 'appointment', window, resourceIds: appointmentIds });
}
