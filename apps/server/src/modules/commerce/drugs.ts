import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DRUG_LIMITS, type Drug, type DrugRequest, type DrugsQuery } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { drugs } from '../../db/schema';
import type { CommerceDeps } from './products';
import { changedFields, changeHistory, recordChange } from './reference';

type DrugRow = typeof drugs.$inferSelect;

function present(row: DrugRow): Drug {
  return { id: row.id, name: row.name, base_component: row.baseComponent, type: row.type, class: row.drugClass, show_in_autocomplete: row.showInAutocomplete };
}

const columnsOf = (input: DrugRequest) => ({
  name: input.name,
  baseComponent: input.base_component,
  type: input.type,
  drugClass: input.class,
  showInAutocomplete: input.show_in_autocomplete,
});

/** `q` as the start of a LIKE pattern: its own `%`, `_` and `\` match themselves. */
const prefixPattern = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The register's order and the autocomplete's match: the indexes' expression, word for word. */
const byName = sql`lower(${drugs.name}) COLLATE "C"`;

/**
 * With `q`, the autocomplete: drugs shown in autocomplete whose name starts with `q` in any case,
 * by name, read from the partial index drugs_autocomplete_idx (its expression and predicate are
 * repeated here so the planner uses it). Without, the register by name, a page at a time (drugs_name_idx).
 */
export async function listDrugs(deps: CommerceDeps, query: DrugsQuery): Promise<{ drugs: Drug[]; total: number }> {
  const where = query.q ? and(sql`${byName} LIKE ${prefixPattern(query.q)}`, sql`${drugs.showInAutocomplete}`) : undefined;
  const limit = query.limit ?? (query.q ? DRUG_LIMITS.autocomplete : 25);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(drugs)
      .where(where)
      .orderBy(byName, asc(drugs.id))
      .limit(limit)
      .offset(query.offset ?? 0),
    deps.db.select({ n: count() }).from(drugs).where(where),
  ]);
  return { drugs: rows.map(present), total: total?.n ?? 0 };
}

async function findDrug(db: Db, id: string): Promise<DrugRow> {
  const [row] = await db.select().from(drugs).where(eq(drugs.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getDrug(deps: CommerceDeps, id: string): Promise<Drug> {
  return present(await findDrug(deps.db, id));
}

export async function createDrug(deps: CommerceDeps, caller: SignedInCaller, input: DrugRequest): Promise<Drug> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(drugs)
      .values({ ...columnsOf(input), createdAt: now, updatedAt: now })
      .returning();
    await recordChange(deps, tx, caller, 'drug', row!.id, 'created', Object.keys(input));
    return present(row!);
  });
}

/** Replaces a drug (PUT: the whole drug). */
export async function updateDrug(deps: CommerceDeps, caller: SignedInCaller, id: string, input: DrugRequest): Promise<Drug> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(drugs).where(eq(drugs.id, id)).for('update');
    if (!locked) throw notFound();
    const [row] = await tx
      .update(drugs)
      .set({ ...columnsOf(input), updatedAt: deps.clock.now() })
      .where(eq(drugs.id, id))
      .returning();
    const after = present(row!);
    await recordChange(deps, tx, caller, 'drug', id, 'updated', changedFields(present(locked), after));
    return after;
  });
}

export async function deleteDrug(deps: CommerceDeps, caller: SignedInCaller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(drugs).where(eq(drugs.id, id)).returning({ id: drugs.id });
    if (!gone) throw notFound();
    await recordChange(deps, tx, caller, 'drug', id, 'deleted', []);
  });
}

export function drugHistory(deps: CommerceDeps, id: string) {
  return changeHistory(deps, 'drug', id);
}
