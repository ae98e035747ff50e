import { and, asc, eq, isNull, like, or, sql } from 'drizzle-orm';
import { KIT_MSG, type ApprovedKit, type ApprovedKitData } from '@vireo/contracts';
import { SYSTEM_CALLER, type Caller, type SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { AppError, notFound, sqlStateOf, unauthenticated } from '../../platform/errors';
import { approvedKits, orders } from '../../db/schema';
import type { CommerceDeps } from './products';

type KitRow = typeof approvedKits.$inferSelect;

/** The kits every installation starts with (seeded once, by id). */
export const SEED_APPROVED_KITS: readonly ApprovedKit[] = [
  { id: 'innova', name: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test', specificity: '99.6%', sensitivity: '95.0%', lot_tracking: true, lot_ids: ['X2010051', 'X2011132'] },
  { id: 'flowflex', name: 'ACON Flowflex SARS-CoV-2 Antigen Rapid Test', specificity: '99.7%', sensitivity: '97.1%', lot_tracking: true, lot_ids: ['COV1080009', 'COV1100041'] },
  { id: 'orient-gene', name: 'Orient Gene Rapid COVID-19 (Antigen) Self-Test', specificity: '99.6%', sensitivity: '98.1%', lot_tracking: false, lot_ids: [] },
  { id: 'synlab-pcr', name: 'SYNLAB SARS-CoV-2 RT-PCR', specificity: '100%', sensitivity: '98.0%', lot_tracking: false, lot_ids: [] },
];

export function presentKit(row: KitRow): ApprovedKit {
  return { id: row.id, name: row.name, specificity: row.specificity, sensitivity: row.sensitivity, lot_tracking: row.lotTracking, lot_ids: row.lotIds };
}

const live = isNull(approvedKits.retiredAt);

/** GET /approved_kits: the kits on the register (not retired), by name. */
export async function listApprovedKits(db: Db): Promise<ApprovedKit[]> {
  const rows = await db.select().from(approvedKits).where(live).orderBy(asc(approvedKits.name), asc(approvedKits.id));
  return rows.map(presentKit);
}

/** The kit on the register a certificate names, by id or by name (as the practitioner's form sends it); retired kits are not found. */
/**
 * GET /approved_kits and /lot_ids: any session, or the holder of an order's short token (x-short-token,
 * the order wizards without a session: spec 2 §7 approved kits, lot ids); else 401.
 */
export async function requireSessionOrOrderToken(db: Db, caller: Caller): Promise<void> {
  if (caller.auth) return;
  const token = caller.shortToken?.toUpperCase();
  const [order] = token ? await db.select({ id: orders.id }).from(orders).where(eq(orders.shortToken, token)) : [];
  if (!order) throw unauthenticated();
}

export async function findApprovedKit(db: Db, idOrName: string | undefined): Promise<ApprovedKit | undefined> {
  if (!idOrName) return undefined;
  const [row] = await db
    .select()
    .from(approvedKits)
    .where(and(live, or(eq(approvedKits.id, idOrName), eq(approvedKits.name, idOrName))))
    .orderBy(sql`${approvedKits.id} = ${idOrName} DESC`)
    .limit(1);
  return row ? presentKit(row) : undefined;
}

/** 'ACON Flowflex SARS-CoV-2' → 'acon-flowflex-sars-cov-2' */
function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'kit'
  );
}

/** The kit's slug, with -2, -3, … when a kit (even a retired one) already has it: an id is never reused. */
async function freeSlug(tx: Db, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (await tx.select({ id: approvedKits.id }).from(approvedKits).where(or(eq(approvedKits.id, base), like(approvedKits.id, `${base}-%`)))).map((row) => row.id),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** 409 for a second kit on the register with the same name, whatever its case (the partial unique index decides). */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new AppError(409, KIT_MSG.duplicateName, { name: KIT_MSG.duplicateName });
    throw error;
  }
}

async function liveKit(tx: Db, id: string): Promise<KitRow> {
  const [row] = await tx.select().from(approvedKits).where(and(eq(approvedKits.id, id), live)).for('update');
  if (!row) throw notFound();
  return row;
}

const fieldsOf = (input: ApprovedKitData) => ({
  name: input.name,
  specificity: input.specificity,
  sensitivity: input.sensitivity,
  lotTracking: input.lot_tracking,
  lotIds: input.lot_ids,
});

/** POST /approved_kits: a kit added to the register, its id a slug of its name. Audited. */
export async function createApprovedKit(deps: CommerceDeps, caller: SignedInCaller, input: ApprovedKitData): Promise<ApprovedKit> {
  const now = deps.clock.now();
  return uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const id = await freeSlug(tx, input.name);
      const [row] = await tx
        .insert(approvedKits)
        .values({ id, ...fieldsOf(input), createdAt: now, updatedAt: now })
        .returning();
      await deps.audit.record({ action: 'approved_kit.created', outcome: 'success', resourceType: 'approved_kit', resourceId: id, details: { name: input.name } }, caller, tx);
      return presentKit(row!);
    }),
  );
}

/** PUT /approved_kits/{id}: name, specificity, sensitivity, lot tracking and lot IDs replaced; the audit names the fields that changed. */
export async function updateApprovedKit(deps: CommerceDeps, caller: SignedInCaller, id: string, input: ApprovedKitData): Promise<ApprovedKit> {
  return uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const before = presentKit(await liveKit(tx, id));
      const [row] = await tx
        .update(approvedKits)
        .set({ ...fieldsOf(input), updatedAt: deps.clock.now() })
        .where(eq(approvedKits.id, id))
        .returning();
      const after = presentKit(row!);
      const fields = (['name', 'specificity', 'sensitivity', 'lot_tracking', 'lot_ids'] as const).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
      await deps.audit.record({ action: 'approved_kit.edited', outcome: 'success', resourceType: 'approved_kit', resourceId: id, details: { fields } }, caller, tx);
      return after;
    }),
  );
}

/**
 * DELETE /approved_kits/{id}: the kit leaves the register (no new certificate names it); it is never
 * erased, and certificates that name it keep their own copy of its name, specificity and sensitivity.
 */
export async function retireApprovedKit(deps: CommerceDeps, caller: SignedInCaller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await liveKit(tx, id);
    await tx.update(approvedKits).set({ retiredAt: deps.clock.now() }).where(eq(approvedKits.id, id));
    await deps.audit.record({ action: 'approved_kit.retired', outcome: 'success', resourceType: 'approved_kit', resourceId: id }, caller, tx);
  });
}

/** Serialises the kits' seed when several processes start on one empty database. */
const SEED_LOCK = 72_190_405;

/** The starting register, once per id: a kit whose id was ever used (even retired) is not added again. */
export async function seedApprovedKits(deps: CommerceDeps): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const added = await tx
      .insert(approvedKits)
      .values(SEED_APPROVED_KITS.map((kit) => ({ id: kit.id, name: kit.name, specificity: kit.specificity, sensitivity: kit.sensitivity, lotTracking: kit.lot_tracking, lotIds: [...kit.lot_ids], createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ id: approvedKits.id });
    for (const { id } of added) {
      await deps.audit.record({ action: 'approved_kit.created', outcome: 'success', resourceType: 'approved_kit', resourceId: id, details: { seeded: true } }, SYSTEM_CALLER, tx);
    }
    return added.length;
  });
}
