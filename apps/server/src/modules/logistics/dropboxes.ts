import { asc, eq, inArray, sql } from 'drizzle-orm';
import { LOGISTICS_MSG, type Dropbox, type DropboxInput, type OpeningTime, type PublicDropbox, type Weekday } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { dropboxes, dropboxOpeningTimes } from '../../db/schema';
import type { LogisticsDeps } from './deps';

export type DropboxRow = typeof dropboxes.$inferSelect;
type OpeningTimeRow = typeof dropboxOpeningTimes.$inferSelect;

function presentTimes(rows: OpeningTimeRow[]): OpeningTime[] {
  return rows.map((row) => ({ weekday: row.weekday as Weekday, start_hour: row.startHour, end_hour: row.endHour })).sort((a, b) => a.weekday - b.weekday);
}

export function presentDropbox(row: DropboxRow, times: OpeningTimeRow[]): Dropbox {
  return {
    id: row.id,
    active: row.active,
    facility: {
      name: row.name,
      address_1: row.address1,
      address_2: row.address2,
      city: row.city,
      county: row.county,
      postcode: row.postcode,
      country: row.country,
      type: row.type,
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.phone,
      email: row.email,
    },
    opening_times: presentTimes(times),
    updated_at: epochSeconds(row.updatedAt),
  };
}

/** What the drop-off page shows of an active dropbox: where and when, no contact details. */
export function presentPublicDropbox(row: DropboxRow, times: OpeningTimeRow[]): PublicDropbox {
  return { id: row.id, name: row.name, address_1: row.address1, address_2: row.address2, city: row.city, postcode: row.postcode, opening_times: presentTimes(times) };
}

function facilityValues(input: DropboxInput) {
  const f = input.facility;
  return {
    name: f.name,
    address1: f.address_1,
    address2: f.address_2,
    city: f.city,
    county: f.county,
    postcode: f.postcode,
    country: f.country,
    type: f.type,
    firstName: f.first_name,
    lastName: f.last_name,
    phone: f.phone,
    email: f.email,
  };
}

/** The opening times of each of `ids`. */
async function timesOf(db: Db, ids: string[]): Promise<Map<string, OpeningTimeRow[]>> {
  const byDropbox = new Map<string, OpeningTimeRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDropbox;
  const rows = await db.select().from(dropboxOpeningTimes).where(inArray(dropboxOpeningTimes.dropboxId, ids));
  for (const row of rows) byDropbox.get(row.dropboxId)?.push(row);
  return byDropbox;
}

/** The dropbox `id` (locked when `forUpdate`), or undefined. */
export async function findDropbox(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<DropboxRow | undefined> {
  const query = db.select().from(dropboxes).where(eq(dropboxes.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

async function readDropbox(db: Db, id: string): Promise<Dropbox> {
  const row = await findDropbox(db, id);
  if (!row) throw notFound();
  return presentDropbox(row, (await timesOf(db, [row.id])).get(row.id)!);
}

/** The opening times of a dropbox as rows; a weekday left out stays closed. */
async function writeTimes(tx: Db, dropboxId: string, times: DropboxInput['opening_times']): Promise<void> {
  await tx.delete(dropboxOpeningTimes).where(eq(dropboxOpeningTimes.dropboxId, dropboxId));
  if (times.length > 0) await tx.insert(dropboxOpeningTimes).values(times.map((time) => ({ dropboxId, weekday: time.weekday, startHour: time.start_hour, endHour: time.end_hour })));
}

function audit(deps: LogisticsDeps, tx: Db, caller: SignedInCaller, action: string, resourceId: string | undefined, details: Record<string, unknown>): Promise<void> {
  return deps.audit.record({ action: `dropbox.${action}`, outcome: 'success', resourceType: 'dropbox', ...(resourceId ? { resourceId } : {}), details }, caller, tx);
}

/** GET /dropbox: every dropbox, active or not, by name. */
export async function listDropboxes(deps: LogisticsDeps): Promise<Dropbox[]> {
  const rows = await deps.db.select().from(dropboxes).orderBy(sql`lower(${dropboxes.name})`, asc(dropboxes.id));
  const times = await timesOf(deps.db, rows.map((row) => row.id));
  return rows.map((row) => presentDropbox(row, times.get(row.id)!));
}

export function getDropbox(deps: LogisticsDeps, id: string): Promise<Dropbox> {
  return readDropbox(deps.db, id);
}

/** POST /dropbox: a new dropbox, active, with its facility and hours; audited. */
export async function createDropbox(deps: LogisticsDeps, caller: SignedInCaller, input: DropboxInput): Promise<Dropbox> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dropboxes)
      .values({ ...facilityValues(input), active: true, createdAt: now, updatedAt: now })
      .returning({ id: dropboxes.id });
    await writeTimes(tx, row!.id, input.opening_times);
    await audit(deps, tx, caller, 'created', row!.id, { fields: ['facility', 'opening_times'] });
    return readDropbox(tx, row!.id);
  });
}

/** The names of the answer's fields (facility.<field>, opening_times) whose values differ. */
function changedFields(before: Dropbox, after: Dropbox): string[] {
  const facility = (Object.keys(after.facility) as (keyof Dropbox['facility'])[]).filter((key) => before.facility[key] !== after.facility[key]).map((key) => `facility.${key}`);
  return [...facility, ...(JSON.stringify(before.opening_times) === JSON.stringify(after.opening_times) ? [] : ['opening_times'])];
}

/** PUT /dropbox/{id}: the facility and hours replaced whole (the active flag stays); audited with the fields it changed. */
export async function replaceDropbox(deps: LogisticsDeps, caller: SignedInCaller, id: string, input: DropboxInput): Promise<Dropbox> {
  return deps.db.transaction(async (tx) => {
    const locked = await findDropbox(tx, id, { forUpdate: true });
    if (!locked) throw notFound();
    const before = await readDropbox(tx, id);
    await tx.update(dropboxes).set({ ...facilityValues(input), updatedAt: deps.clock.now() }).where(eq(dropboxes.id, id));
    await writeTimes(tx, id, input.opening_times);
    const after = await readDropbox(tx, id);
    await audit(deps, tx, caller, 'updated', id, { fields: changedFields(before, after) });
    return after;
  });
}

/** PUT /dropbox/{id}/switch: sets its active flag; audited. */
export async function switchDropbox(deps: LogisticsDeps, caller: SignedInCaller, id: string, active: boolean): Promise<{ dropbox: Dropbox; message: string }> {
  const dropbox = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(dropboxes).set({ active, updatedAt: deps.clock.now() }).where(eq(dropboxes.id, id)).returning({ id: dropboxes.id });
    if (!row) throw notFound();
    await audit(deps, tx, caller, active ? 'activated' : 'deactivated', id, { fields: ['active'] });
    return readDropbox(tx, id);
  });
  return { dropbox, message: active ? LOGISTICS_MSG.dropboxActivated : LOGISTICS_MSG.dropboxDeactivated };
}

/** PUT /dropbox/switch: sets the active flag of every dropbox that does not have it yet; one audit record naming how many changed. */
export async function switchAllDropboxes(deps: LogisticsDeps, caller: SignedInCaller, active: boolean): Promise<{ changed: number; message: string }> {
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(dropboxes)
      .set({ active, updatedAt: deps.clock.now() })
      .where(sql`${dropboxes.active} IS DISTINCT FROM ${active}`)
      .returning({ id: dropboxes.id });
    await audit(deps, tx, caller, active ? 'activated_all' : 'deactivated_all', undefined, { fields: ['active'], count: rows.length });
    return rows.length;
  });
  return { changed, message: active ? LOGISTICS_MSG.allActivated : LOGISTICS_MSG.allDeactivated };
}

/** The active dropboxes with their hours, by name: the drop-off page's picker (public). */
export async function activeDropboxes(deps: LogisticsDeps): Promise<PublicDropbox[]> {
  const rows = await deps.db.select().from(dropboxes).where(eq(dropboxes.active, true)).orderBy(sql`lower(${dropboxes.name})`, asc(dropboxes.id));
  const times = await timesOf(deps.db, rows.map((row) => row.id));
  return rows.map((row) => presentPublicDropbox(row, times.get(row.id)!));
}

/** The active dropbox `id` with its hours, or undefined. */
export async function findActiveDropbox(db: Db, id: string): Promise<{ row: DropboxRow; times: OpeningTimeRow[] } | undefined> {
  const row = await findDropbox(db, id);
  if (!row?.active) return undefined;
  return { row, times: (await timesOf(db, [row.id])).get(row.id)! };
}
