import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import type { Clock } from './clock';
import { auditEvents } from '../db/schema';

export type AuditOutcome = 'success' | 'failure' | 'denied' | 'not_found';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  resourceType?: string;
  resourceId?: string;
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
    await db.insert(auditEvents).values({
      at: this.clock.now(),
      action: entry.action,
      outcome: entry.outcome,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId ?? null,
      actorUserId: entry.actorUserId ?? request?.auth?.userId ?? null,
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
