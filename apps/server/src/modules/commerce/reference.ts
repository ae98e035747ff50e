import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChangeEntry } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { auditEvents, users } from '../../db/schema';
import type { CommerceDeps } from './products';


/** The audit records' resource types of the reference data: their change history reads `audit_events_resource_idx`. */
export type ReferenceResource = 'country' | 'drug' | 'info_page';

/** The names of the fields whose values differ between two records of the API's shape. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Records a change of a reference record in the change's transaction: who (the caller), what (the
 * action and the names of the fields it changed, never their values), when.
 */
export function recordChange(deps: CommerceDeps, tx: Db, caller: SignedInCaller, resourceType: ReferenceResource, resourceId: string, action: string, fields: string[]): Promise<void> {
  return deps.audit.record({ action: `${resourceType}.${action}`, outcome: 'success', resourceType, resourceId, details: { fields } }, caller, tx);
}

const HISTORY_LIMIT = 200;

/** A record's changes from the audit log, newest first: when, what, and who (name and e-mail, or null for the system). */
export async function changeHistory(deps: CommerceDeps, resourceType: ReferenceResource, resourceId: string): Promise<ChangeEntry[]> {
  const rows = await deps.db
    .select({ at: auditEvents.at, action: auditEvents.action, details: auditEvents.details, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(sql`${auditEvents.resourceType} IN ('country', 'drug', 'info_page')`, eq(auditEvents.resourceType, resourceType), eq(auditEvents.resourceId, resourceId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({
    at: epochSeconds(row.at),
    action: row.action,
    actor: row.email ? `${row.firstName} ${row.lastName} <${row.email}>` : null,
    fields: Array.isArray(row.details?.fields) ? (row.details.fields as unknown[]).filter((f): f is string => typeof f === 'string') : [],
  }));
}
