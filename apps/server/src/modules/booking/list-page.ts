import { and, sql, type SQL } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, BOOKING, STATUS_LABELS, type AppointmentStatus, type ListPaging, type ListSort, type ListSortField } from '@vireo/contracts';
import { compile, executePrepared, type Statement } from '../../platform/db';
import { orderByClause, pageOf, sortOrder, type SortOrder } from '../../platform/list-query';
import type { SignedInCaller } from '../../platform/caller';
import type { PageCache } from '../../platform/page-cache';
import type { BookingDeps } from './deps';

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `appointments.status IN (…)` with the statuses written into the statement rather than bound:
 * a list's prepared statement then keeps one generic plan that knows how rare the statuses are
 * (so PostgreSQL need not plan it again on every request) and tests them by hashing. Only the
 * known statuses are written, sorted, so the statement's text is one of a few.
 */
export function statusIn(statuses: readonly AppointmentStatus[]): SQL {
  const known = APPOINTMENT_STATUSES.filter((status) => statuses.includes(status));
  if (known.length === 0) return sql`FALSE`;
  return sql.raw(`appointments.status IN (${known.map(quoted).join(', ')})`);
}

/** A status as the screens show it (STATUS_LABELS, else the status in words), so its sort matches what is read. */
const STATUS_LABEL = `CASE appointments.status ${Object.entries(STATUS_LABELS)
  .map(([status, label]) => `WHEN ${quoted(status)} THEN ${quoted(label.toLowerCase())}`)
  .join(' ')} ELSE lower(replace(appointments.status, '_', ' ')) END`;

/**
 * What each sort field orders by. Texts sort without regard to case; the people-derived fields are
 * per-row subqueries, which is cheap on the at most few thousand rows a list window holds.
 */
const SORT_EXPRESSIONS: Record<ListSortField, string> = {
  start_time: 'appointments.start_time',
  time: "(appointments.start_time AT TIME ZONE 'Europe/London')::time",
  type: 'lower(appointments.type)',
  status: STATUS_LABEL,
  patient: "(SELECT lower(string_agg(b.first_name || ' ' || b.last_name, ', ' ORDER BY b.position)) FROM booking_users b WHERE b.appointment_id = appointments.id)",
  people: '(SELECT count(*) FROM booking_users b WHERE b.appointment_id = appointments.id)',
  reference: 'lower(appointments.provider_booking_reference)',
  practitioner: "(SELECT lower(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = appointments.practitioner_user_id)",
  language: 'appointments.language',
  status_last_updated: 'appointments.status_last_updated',
};

/** How a list is ordered: the chosen field's value (rows without one last), then start time, then id, both in the list's direction. */
export interface ListOrder extends SortOrder {
  byStart: 'ASC' | 'DESC';
}

export function orderOf(sort: ListSort | undefined, byStart: 'asc' | 'desc'): ListOrder {
  return { ...sortOrder(SORT_EXPRESSIONS, sort), byStart: byStart === 'asc' ? 'ASC' : 'DESC' };
}

/**
 * ORDER BY over `table`'s columns; the sort key is `sortKey` (the expression, or the page's copy of
 * it). The start time is ordered as its indexes are read, forwards or backwards, so a page reads
 * only its own rows: the lists listed newest first hold only appointments with a start (see
 * listPageStatement), so there are no empty starts to place.
 */
function orderBy(order: ListOrder, table: string, sortKey: string | null): string {
  return orderByClause(order, [`${table}.start_time`, `${table}.id`], order.byStart, sortKey);
}

/**
 * How a list's filter depends on the time of the read, for how long its page may be answered from
 * memory: not at all (`unused`: until a change to the tables); only through the appointments that
 * have not ended (`ended: false`) or have (`ended: true`) at the read, a condition `listPage` adds
 * itself (until a change, or until the next appointment's end passes); or otherwise (`other`: a page
 * of it is never kept).
 */
export type ListClock = { uses: 'unused' } | { uses: 'ended'; ended: boolean } | { uses: 'other' };

export interface ListPageOptions {
  where: SQL | undefined;
  order: ListOrder;
  paging: ListPaging;
  clock: ListClock;
  /** GET /search?inc_practitioner_name=false answers practitioners without their names. */
  practitionerNames?: boolean;
}

const epoch = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;

/**
 * The statement behind a page (bench/claimable explains it), read-only: the number matching in all
 * (read from the indexes), the page, its people and the practitioners' names. It answers one row:
 * `total`, `audited` (JSON text of the ids on the page that have people, whose reads are audited),
 * `items`, the page as JSON text, and, for a list of appointments that have (not) ended at `at`,
 * `next_end`: the soonest end of any appointment at or after `at`. Until then no appointment's
 * end passes, so the same filter at a later instant matches the same rows.
 * The page's ids are chosen first, in order, from an index where the filters allow (`ordered`);
 * only those rows are then read from the table. Lists newest first leave out rows without a start
 * (none of them has any), so the start time's index serves that order too. The text around the
 * filter is written here rather than by Drizzle: it is the same on every request, and building it
 * chunk by chunk cost more than the rest of the server's work on a page.
 */
export function listPageStatement(options: ListPageOptions, at: Date): Statement {
  const { limit, offset } = pageOf(options.paging, BOOKING.tooManyResults);
  const { order, clock } = options;
  const withStart = order.byStart === 'DESC' ? sql`appointments.start_time IS NOT NULL` : undefined;
  const where = compile(and(options.where, withStart) ?? sql`TRUE`);
  const next = where.params.length + 1;
  const atParam = `$${next + 2}::timestamptz`;
  const filter = clock.uses === 'ended' ? `(${where.sql}) AND appointments.end_time ${clock.ended ? '<' : '>='} ${atParam}` : where.sql;
  const nextEnd = clock.uses === 'ended' ? `(SELECT min(end_time) FROM appointments WHERE end_time >= ${atParam})` : 'NULL::timestamptz';
  const userName = options.practitionerNames === false ? `''` : `u.first_name || ' ' || u.last_name`;
  const text = `
    WITH ordered AS (
      SELECT appointments.id${order.key ? `, ${order.key} AS sort_key` : ''}
      FROM appointments
      WHERE ${filter}
      ORDER BY ${orderBy(order, 'appointments', order.key)}
      LIMIT $${next} OFFSET $${next + 1}
    ),
    page AS (
      SELECT a.id, a.type, a.test_type, a.status, a.start_time, a.end_time, a.status_last_updated, a.language,
        a.provider_booking_reference, a.claimable_slot, a.practitioner_user_id${order.key ? ', ordered.sort_key' : ''}
      FROM ordered JOIN appointments a ON a.id = ordered.id
    ),
    people AS (
      SELECT b.appointment_id, json_agg(json_build_object('id', b.id, 'first_name', b.first_name, 'last_name', b.last_name) ORDER BY b.position) AS list
      FROM booking_users b JOIN page ON page.id = b.appointment_id
      GROUP BY b.appointment_id
    )
    SELECT (SELECT count(*) FROM appointments WHERE ${filter})::int AS total,
      (SELECT coalesce(json_agg(people.appointment_id), '[]'::json)::text FROM people) AS audited,
      ${nextEnd} AS next_end,
      coalesce(json_agg(json_build_object(
        'id', page.id, 'type', page.type, 'test_type', page.test_type, 'status', page.status,
        'start_time', ${epoch('page.start_time')}, 'end_time', ${epoch('page.end_time')},
        'status_last_updated', ${epoch('page.status_last_updated')}, 'language', page.language,
        'provider_booking_reference', page.provider_booking_reference, 'claimable_slot', page.claimable_slot,
        'practitioner', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('user_id', u.id, 'user_name', ${userName}) END,
        'booking_users', coalesce(people.list, '[]'::json)
      ) ORDER BY ${orderBy(order, 'page', order.key ? 'page.sort_key' : null)}), '[]'::json)::text AS items
    FROM page
    LEFT JOIN people ON people.appointment_id = page.id
    LEFT JOIN users u ON u.id = page.practitioner_user_id`;
  return { sql: text, params: [...where.params, limit, offset, ...(clock.uses === 'ended' ? [at.toISOString()] : [])] };
}

/** A page as answered, and the appointments on it whose reads are audited. */
interface ListAnswer {
  body: string;
  audited: string[];
}

/** The pages of lists answered lately, in memory until a change to appointments, their people or users is heard (platform/page-cache.ts). */
export type ListPages = PageCache<ListAnswer>;
/** What the staff lists read (migration 0018_list_cache's triggers tell of their changes). */
export const LIST_TABLES = ['appointments', 'booking_users', 'users'] as const;

/**
 * One page of a staff list as the JSON text of `AppointmentListResponse`, in one statement, or
 * from memory (`deps.pages`) while nothing it was read from has changed (a change committed before
 * the read began is always heard first: `tablesHeard`). PostgreSQL builds the
 * JSON, so the server neither maps rows nor serialises them: lists are the hottest reads of the
 * workspace (bench/claimable). Either way the read is audited and counted per reader, appointment
 * and 15-minute window (`ctx.audit.listRead`, which writes only a window's first read).
 */
export async function listPage(deps: BookingDeps, caller: SignedInCaller, options: ListPageOptions): Promise<string> {
  const at = deps.clock.now();
  const statement = listPageStatement(options, at);
  // The instant of the read is no part of what is asked: its answer holds until `until`.
  const key = options.clock.uses === 'other' ? null : JSON.stringify([statement.sql, options.clock.uses === 'ended' ? statement.params.slice(0, -1) : statement.params]);
  // A page in memory is answered once every change committed before this read has been heard.
  let answer = key !== null && deps.pages.get(key, at) && (await deps.live.tablesHeard()) ? deps.pages.get(key, at) : undefined;
  if (!answer) {
    const begun = deps.pages.begin();
    const [row] = await executePrepared<{ total: number; audited: string; next_end: Date | string | null; items: string }>(deps.db, statement);
    answer = { body: `{"success":true,"total":${row?.total ?? 0},"appointments":${row?.items ?? '[]'}}`, audited: row ? (JSON.parse(row.audited) as string[]) : [] };
    const until = row?.next_end ? new Date(row.next_end).getTime() : Number.POSITIVE_INFINITY;
    if (key !== null) deps.pages.put(key, begun, answer, answer.body.length, { from: at, until });
  }
  await deps.audit.listRead(caller, 'appointment', answer.audited);
  return answer.body;
}
