import { asc, eq, inArray, sql } from 'drizzle-orm';
import { PROCESSOR_MSG, type LabConnectionRequest } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { rowsOf } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { processorLabConnections, processorTasks, processorTaskVersions } from '../../db/schema';
import type { ProcessorDeps } from './engine';
import { managedOrganisations } from './service';

type Row = typeof processorLabConnections.$inferSelect;

/** Never the credential: whether there is one. */
const present = (row: Row) => ({ id: row.id, organisation_id: row.organisationId, name: row.name, base_url: row.baseUrl, has_credential: row.credentialSealed !== null });

async function managedIds(deps: ProcessorDeps, caller: SignedInCaller): Promise<string[]> {
  return (await managedOrganisations(deps.db, caller)).map((o) => o.id);
}

/** The lab connections of the organisations the caller runs tasks for. */
export async function listLabConnections(deps: ProcessorDeps, caller: SignedInCaller) {
  const ids = await managedIds(deps, caller);
  if (ids.length === 0) return [];
  return (await deps.db.select().from(processorLabConnections).where(inArray(processorLabConnections.organisationId, ids)).orderBy(asc(processorLabConnections.name))).map(present);
}

/** The sealed credential to store: a new one sealed, `null` removed, none given the one kept. */
async function credentialToStore(deps: ProcessorDeps, credential: string | null | undefined, kept: string | null): Promise<string | null> {
  if (credential === undefined) return kept;
  return credential === null ? null : deps.sealer.seal(credential);
}

export async function createLabConnection(deps: ProcessorDeps, caller: SignedInCaller, input: LabConnectionRequest) {
  if (!(await managedIds(deps, caller)).includes(input.organisation_id)) throw notFound();
  const now = deps.clock.now();
  const credentialSealed = await credentialToStore(deps, input.credential, null);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(processorLabConnections).values({ organisationId: input.organisation_id, name: input.name, baseUrl: input.base_url, credentialSealed, createdAt: now, updatedAt: now }).returning();
    await deps.audit.record({ action: 'processor.lab_connection.created', outcome: 'success', resourceType: 'processor_lab_connection', resourceId: row!.id }, caller, tx);
    return present(row!);
  });
}

/** Another organisation's connection, or one of an organisation the caller does not run: 404. */
async function connectionOf(deps: ProcessorDeps, caller: SignedInCaller, id: string): Promise<Row> {
  const [row] = await deps.db.select().from(processorLabConnections).where(eq(processorLabConnections.id, id));
  if (!row || !(await managedIds(deps, caller)).includes(row.organisationId)) throw notFound();
  return row;
}

/** Changes name and base URL, and the credential when one is given or removed (`null`), else it keeps its own; the organisation stays. */
export async function updateLabConnection(deps: ProcessorDeps, caller: SignedInCaller, id: string, input: LabConnectionRequest) {
  const row = await connectionOf(deps, caller, id);
  if (input.organisation_id !== row.organisationId) throw notFound();
  const credentialSealed = await credentialToStore(deps, input.credential, row.credentialSealed);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(processorLabConnections)
      .set({ name: input.name, baseUrl: input.base_url, credentialSealed, updatedAt: deps.clock.now() })
      .where(eq(processorLabConnections.id, row.id))
      .returning();
    await deps.audit.record({ action: 'processor.lab_connection.updated', outcome: 'success', resourceType: 'processor_lab_connection', resourceId: row.id }, caller, tx);
    return present(updated!);
  });
}

/**
 * Deletes a lab connection no task's current graph uses (409 with a clear message otherwise). The
 * check and the delete share a transaction that locks the connection row FOR UPDATE, against the
 * FOR SHARE of a task's save: a save racing the delete either comes first and the delete is
 * refused, or comes after and is refused itself.
 */
export async function deleteLabConnection(deps: ProcessorDeps, caller: SignedInCaller, id: string): Promise<void> {
  const row = await connectionOf(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: processorLabConnections.id }).from(processorLabConnections).where(eq(processorLabConnections.id, row.id)).for('update');
    const used = rowsOf<{ id: string }>(
      await tx.execute(sql`
        SELECT t.id FROM ${processorTasks} t
        JOIN ${processorTaskVersions} v ON v.id = t.version_id
        CROSS JOIN LATERAL jsonb_array_elements(v.graph->'nodes') AS n(node)
        WHERE n.node->>'kind' = 'lab.order' AND n.node->'params'->>'connection_id' = ${row.id}
        LIMIT 1`),
    );
    if (used.length > 0) throw conflict(PROCESSOR_MSG.labConnectionInUse);
    await tx.delete(processorLabConnections).where(eq(processorLabConnections.id, row.id));
    await deps.audit.record({ action: 'processor.lab_connection.deleted', outcome: 'success', resourceType: 'processor_lab_connection', resourceId: row.id }, caller, tx);
  });
}
