import { and, sql, type SQL } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, BOOKING, STATUS_LABELS, type AppointmentStatus, type ListPaging, type ListSort, type ListSortField } from '@vireo/contracts';
import { actorOf, FIRST_READ_IN_WINDOW, readWindowOf, type AuditActorKind } from '../../platform/audit';
import { compile, executePrepared, type Statement } from '../../platform/db';
import { orderByClause, pageOf, sortOrder, type SortOrder } from '../../platform/list-query';
import type { Caller } from '../../platform/caller';
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

export interface ListPageOptions {
  where: SQL | undefined;
  order: ListOrder;
  paging: ListPaging;
  /** GET /search?inc_practitioner_name=false answers practitioners without their names. */
  practitionerNames?: boolean;
}

const epoch = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;

/** Who reads the page, when and in which read window, for its health-data audit records. */
export interface ListReader {
  at: Date;
  window: Date;
  kind: AuditActorKind;
  userId: string | null;
  role: string | null;
  ip: string | null;
  requestId: string | null;
}

/**
 * The statement behind a page (bench/claimable explains it): the number matching in all (read from
 * the indexes), the page, its people, the practitioners' names, and the health-data audit of each
 * appointment on the page that has people: one record per reader, appointment and 15-minute
 * window. A first read in the window writes the record; a later one writes nothing (see
 * FIRST_READ_IN_WINDOW) and is answered in `counted`, for the server to count on the record.
 * It answers one row: `total`, `counted` (JSON text of appointment ids) and `items`, the page as
 * JSON text.
 * The page's ids are chosen first, in order, from an index where the filters allow (`ordered`);
 * only those rows are then read from the table. Lists newest first leave out rows without a start
 * (none of them has any), so the start time's index serves that order too. The text around the
 * filter is written here rather than by Drizzle: it is the same on every request, and building it
 * chunk by chunk cost more than the rest of the server's work on a page.
 */
export function listPageStatement(options: ListPageOptions, reader: ListReader): Statement {
  const { limit, offset } = pageOf(options.paging, BOOKING.tooManyResults);
  const { order } = options;
  const withStart = order.byStart === 'DESC' ? sql`appointments.start_time IS NOT NULL` : undefined;
  const where = compile(and(options.where, withStart) ?? sql`TRUE`);
  const next = where.params.length + 1;
  const userName = options.practitionerNames === false ? `''` : `u.first_name || ' ' || u.last_name`;
  const text = `
    WITH ordered AS (
      SELECT appointments.id${order.key ? `, ${order.key} AS sort_key` : ''}
      FROM appointments
      WHERE ${where.sql}
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
    ),
    audit AS (
      INSERT INTO audit_events (at, action, outcome, resource_type, resource_id, actor_kind, actor_user_id, actor_role, ip, request_id, window_start)
      SELECT $${next + 2}::timestamptz, 'health_data.read', 'success', 'appointment', people.appointment_id::text,
        $${next + 3}, $${next + 4}::uuid, $${next + 5}, $${next + 6}, $${next + 7}, $${next + 8}::timestamptz
      FROM people
      WHERE NOT EXISTS (SELECT 1 FROM audit_events recorded WHERE recorded.actor_user_id = $${next + 4}::uuid AND recorded.resource_type = 'appointment'
        AND recorded.resource_id = people.appointment_id::text AND recorded.window_start = $${next + 8}::timestamptz OFFSET 0)
      ORDER BY people.appointment_id
      ${FIRST_READ_IN_WINDOW}
      RETURNING resource_id
    )
    SELECT (SELECT count(*) FROM appointments WHERE ${where.sql})::int AS total,
      (SELECT coalesce(json_agg(people.appointment_id), '[]'::json)::text FROM people
        WHERE people.appointment_id::text NOT IN (SELECT resource_id FROM audit)) AS counted,
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
  return {
    sql: text,
    params: [...where.params, limit, offset, reader.at.toISOString(), reader.kind, reader.userId, reader.role, reader.ip, reader.requestId, reader.window.toISOString()],
  };
}

/**
 * One page of a staff list as the JSON text of `AppointmentListResponse`, in one statement.
 * PostgreSQL builds the JSON, so the server neither maps rows nor serialises them: lists are the
 * hottest reads of the workspace, and one round trip keeps a page about as cheap as the badge
 * count (bench/claimable).
 */
export async function listPage(deps: BookingDeps, caller: Caller, options: ListPageOptions): Promise<string> {
  const at = deps.clock.now();
  const actor = actorOf(caller);
  const reader: ListReader = {
    at,
    window: readWindowOf(at),
    kind: actor.kind,
    userId: actor.userId,
    role: actor.role,
    ip: caller.origin?.address ?? null,
    requestId: caller.origin?.requestId ?? null,
  };
  const [row] = await executePrepared<{ total: number; counted: string; items: string }>(deps.db, listPageStatement(options, reader));
  const counted = row ? (JSON.parse(row.counted) as string[]) : [];
  if (actor.userId && counted.length > 0) deps.audit.countReads({ userId: actor.userId, resourceType: 'appointment', window: reader.window, resourceIds: counted });
  return `{"success":true,"total":${row?.total ?? 0},"appointments":${row?.items ?? '[]'}}`;
}
