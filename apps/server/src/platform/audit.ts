import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import type { Clock } from './clock';
import { auditEvents } from '../db/schema';

export type AuditOutcome = 'success' | 'failure' | 'denied' | 'not_found';

/**
 * What the actor of a record is: a signed-in `user` (actor_user_id, actor_role); the holder of an
 * appointment's `short_token` (the customer's manage link; the appointment is the record's subject,
 * the token is never stored); the `link_holder` of a signed download link fetched without a
 * session; an `anonymous` request; or the `system` (jobs, seeds). The last three are known by
 * their address (ip) only, where there is a request.
 */
export type AuditActorKind = 'user' | 'short_token' | 'link_holder' | 'anonymous' | 'system';

/** List reads are recorded once per reader, record and window of this length (platform schema: audit_events). */
export const READ_WINDOW_MS = 15 * 60_000;

/** The start of the read window `at` falls in. */
export function readWindowOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / READ_WINDOW_MS) * READ_WINDOW_MS);
}

/**
 * Ends an INSERT of list reads (rows with a `window_start`) into audit_events: a read its reader
 * already made of the record in the same window counts on that record instead of adding one.
 */
export const COUNT_READ_IN_WINDOW =
  'ON CONFLICT (actor_user_id, resource_type, resource_id, window_start) WHERE window_start IS NOT NULL DO UPDATE SET read_count = audit_events.read_count + 1';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  resourceType?: string;
  resourceId?: string;
  /** Else `user` when there is an actor user, `anonymous` for a request without one, `system` without a request. */
  actorKind?: AuditActorKind;
  actorUserId?: string | null;
  actorRole?: string | null;
  details?: Record<string, unknown>;
}

/** Writes audit records: who, what, which record, when, outcome. Never personal data in `details`. */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry, request?: FastifyRequest, db: Db = this.db): Promise<void> {
    const actorUserId = entry.actorUserId ?? request?.auth?.userId ?? null;
    await db.insert(auditEvents).values({
      at: this.clock.now(),
      action: entry.action,
      outcome: entry.outcome,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId ?? null,
      actorKind: entry.actorKind ?? (actorUserId ? 'user' : request ? 'anonymous' : 'system'),
      actorUserId,
      actorRole: entry.actorRole ?? request?.auth?.role.name ?? null,
      ip: request?.ip ?? null,
      requestId: request?.id ?? null,
      details: entry.details ?? null,
    });
  }

  /** For other modules: one call per read or write of health data. */
  healthData(
    request: FastifyRequest,
    action: 'read' | 'write',
    resourceType: string,
    resourceId: string,
    db: Db = this.db,
  ): Promise<void> {
    return this.record({ action: `health_data.${action}`, outcome: 'success', resourceType, resourceId }, request, db);
  }
}
