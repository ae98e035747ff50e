import { asc, eq } from 'drizzle-orm';
import MarkdownIt from 'markdown-it';
import { BUILT_IN_PAGES, INFO_PAGE_PATH, REFERENCE_MSG, type InfoPage, type InfoPageRequest, type PageEntry } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { conflict, notFound, sqlStateOf } from '../../platform/errors';
import { infoPages } from '../../db/schema';
import type { CommerceDeps } from './products';
import { changedFields, recordChange } from './reference';

type InfoPageRow = typeof infoPages.$inferSelect;

/**
 * Info pages' Markdown: raw HTML is escaped, never passed through (`html: false`), and links to
 * `javascript:`, `vbscript:`, `file:` and `data:` addresses are refused (markdown-it's validateLink).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

export function renderMarkdown(body: string): string {
  return markdown.render(body);
}

const urlOf = (slug: string) => `${INFO_PAGE_PATH}/${slug}`;

const builtIn = (page: (typeof BUILT_IN_PAGES)[number]): PageEntry => ({ ...page, kind: 'built_in', published: true });

function entryOf(row: InfoPageRow): PageEntry {
  return { id: row.id, title: row.title, source: row.source, url: urlOf(row.slug), kind: 'info', published: row.published };
}

function present(row: InfoPageRow): InfoPage {
  return { ...entryOf(row), slug: row.slug, body: row.body, updated_at: epochSeconds(row.updatedAt) };
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

async function findInfoPage(db: Db, id: string): Promise<InfoPageRow> {
  const [row] = isUuid(id) ? await db.select().from(infoPages).where(eq(infoPages.id, id)) : [];
  if (!row) throw notFound();
  return row;
}

/** A built-in page's id is refused for a change (409); any other id must be an info page's. */
function refuseBuiltIn(id: string): void {
  if (BUILT_IN_PAGES.some((page) => page.id === id)) throw conflict(REFERENCE_MSG.builtInPage);
}

/** The pages table: the built-in pages, then the info pages by title. */
export async function listPages(deps: CommerceDeps): Promise<PageEntry[]> {
  const rows = await deps.db.select().from(infoPages).orderBy(asc(infoPages.title), asc(infoPages.id));
  return [...BUILT_IN_PAGES.map(builtIn), ...rows.map(entryOf)];
}

/** One page: a built-in page's entry, or an info page with its Markdown body. */
export async function getPage(deps: CommerceDeps, id: string): Promise<InfoPage | PageEntry> {
  const fixed = BUILT_IN_PAGES.find((page) => page.id === id);
  if (fixed) return builtIn(fixed);
  return present(await findInfoPage(deps.db, id));
}

/** Another page took the address between the check and the change. */
const UNIQUE_VIOLATION = '23505';

function slugTaken(): never {
  throw conflict(REFERENCE_MSG.slugExists);
}

export async function createInfoPage(deps: CommerceDeps, caller: SignedInCaller, input: InfoPageRequest): Promise<InfoPage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(infoPages)
      .values({ ...input, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) slugTaken();
    await recordChange(deps, tx, caller, 'info_page', row.id, 'created', Object.keys(input));
    return present(row);
  });
}

/** Replaces an info page (PUT: the whole page). Another page's address is 409. */
export async function updateInfoPage(deps: CommerceDeps, caller: SignedInCaller, id: string, input: InfoPageRequest): Promise<InfoPage> {
  refuseBuiltIn(id);
  return deps.db.transaction(async (tx) => {
    const before = await findInfoPage(tx, id);
    const [clash] = await tx.select({ id: infoPages.id }).from(infoPages).where(eq(infoPages.slug, input.slug));
    if (clash && clash.id !== id) slugTaken();
    const [row] = await tx
      .update(infoPages)
      .set({ ...input, updatedAt: deps.clock.now() })
      .where(eq(infoPages.id, id))
      .returning()
      .catch((error: unknown) => (sqlStateOf(error) === UNIQUE_VIOLATION ? slugTaken() : Promise.reject(error)));
    const after = present(row!);
    const fields = changedFields(present(before), after).filter((field) => field !== 'updated_at' && field !== 'url');
    await recordChange(deps, tx, caller, 'info_page', id, 'updated', fields);
    return after;
  });
}

export async function deleteInfoPage(deps: CommerceDeps, caller: SignedInCaller, id: string): Promise<void> {
  refuseBuiltIn(id);
  await deps.db.transaction(async (tx) => {
    const row = await findInfoPage(tx, id);
    await tx.delete(infoPages).where(eq(infoPages.id, row.id));
    await recordChange(deps, tx, caller, 'info_page', id, 'deleted', []);
  });
}

/** A published info page by its address, its Markdown rendered (public). Unpublished or unknown: 404. */
export async function publishedPage(deps: CommerceDeps, slug: string): Promise<{ title: string; slug: string; html: string; updated_at: number }> {
  const [row] = await deps.db.select().from(infoPages).where(eq(infoPages.slug, slug));
  if (!row?.published) throw notFound();
  return { title: row.title, slug: row.slug, html: renderMarkdown(row.body), updated_at: epochSeconds(row.updatedAt) };
}
