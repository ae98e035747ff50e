// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { AppointmentListItem, AppointmentListResponse, ErrorEnvelope, type AppointmentStatus } from '@vireo/contracts';
import { appointments, auditEvents, bookingUsers, users } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookingWorld, type BookingWorld } from '../../test/booking-world';

// Every appointment here starts in 2041 or is booked by a patient of this file alone (the past
// list, the self swab), so other test files' rows never fall in these lists on a shared database.

let h: Harness;
let w: BookingWorld;

const db = () => h.ctx.database.db;
const MINUTE = 60_000;
const DAY = 86_400_000;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const at = (iso: string) => new Date(iso);
const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

interface Row {
  start: Date;
  status?: AppointmentStatus | null;
  practitioner?: TestUser;
  booker?: TestUser;
  people?: [first: string, last: string][];
  reference?: string;
  type?: string;
  language?: 'EN' | 'DE';
  statusLastUpdated?: Date;
}

/** Appointments written straight to the table, with the people on them; answers their ids in order. */
async function insertRows(rows: Row[]): Promise<string[]> {
  const inserted = await db()
    .insert(appointments)
    .values(
      rows.map((row) => ({
        type: row.type ?? 'video_gp',
        status: row.status === undefined ? 'WAITING' : row.status,
        startTime: row.start,
        endTime: after(row.start, 20 * MINUTE),
        statusLastUpdated: row.statusLastUpdated ?? row.start,
        language: row.language ?? 'EN',
        offeredServices: ['video_gp'],
        offeredLanguages: ['EN' as const],
        practitionerUserId: row.practitioner?.user.id ?? null,
        bookerUserId: row.booker?.user.id ?? null,
        providerBookingReference: row.reference ?? null,
        claimableSlot: row.status === 'CLAIMABLE',
        paid: true,
        createdAt: row.start,
      })),
    )
    .returning({ id: appointments.id });
  const ids = inserted.map((r) => r.id);
  const people = rows.flatMap((row, i) =>
    (row.people ?? []).map(([firstName, lastName], position) => ({
      appointmentId: ids[i]!,
      position,
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.test`.toLowerCase(),
      phone: '+44 7911 123456',
      dateOfBirth: Date.UTC(1980, 0, 1) / 1000,
      createdAt: row.start,
    })),
  );
  if (people.length > 0) await db().insert(bookingUsers).values(people);
  return ids;
}

/** The list query of one day from `start`; `/search` names its window differently. */
const day = (start: Date) => `date_from=${epoch(start)}&date_to=${epoch(after(start, DAY))}`;
const searchWindow = (from: Date, to: Date) => `start_time_from=${epoch(from)}&start_time_to=${epoch(to)}`;
const every20Minutes = (first: Date, count: number) => Array.from({ length: count }, (_, i) => after(first, i * 20 * MINUTE));
const ITEM_FIELDS = Object.keys(AppointmentListItem.shape).sort();
const PERSON_FIELDS = Object.keys(AppointmentListItem.shape.booking_users.element.shape).sort();

/** A 200 answer that is an `AppointmentListResponse` whose items carry the list fields and nothing more. */
function listOf(res: { status: number; body: any }): AppointmentListResponse {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = AppointmentListResponse.parse(res.body);
  for (const item of res.body.appointments as Record<string, any>[]) {
    expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
    for (const person of item.booking_users) expect(Object.keys(person).sort()).toEqual(PERSON_FIELDS);
  }
  return parsed;
}
const idsOf = (res: { status: number; body: any }) => listOf(res).appointments.map((a) => a.id);

/** Three booked appointments of w.practitioner for w.patient, and one of otherPractitioner for otherPatient, on 3 Nov 2041. */
const BOOKED_DAY = at('2041-11-03T08:00:00Z');
/** Three claimable appointments on 4 Nov 2041. */
const CLAIMABLE_DAY = at('2041-11-04T08:00:00Z');
let booked: string[];
let othersBooked: string;
let claimable: string[];
/** A patient whose only bookings are three past ones. */
let formerPatient: TestUser;
let past: string[];

beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
  formerPatient = await h.user({ org: w.patient.user.organisationId, roles: ['patient'] });
  booked = await insertRows(every20Minutes(BOOKED_DAY, 3).map((start, i) => ({ start, practitioner: w.practitioner, booker: w.patient, people: [['Booked', `Patient ${i}`]] })));
  othersBooked = (await insertRows([{ start: after(BOOKED_DAY, 3 * 20 * MINUTE), practitioner: w.otherPractitioner, booker: w.otherPatient, people: [['Other', 'Patient']] }]))[0]!;
  claimable = await insertRows(every20Minutes(CLAIMABLE_DAY, 3).map((start, i) => ({ start, status: 'CLAIMABLE', people: [['Claimable', `Patient ${i}`]] })));
  past = await insertRows(every20Minutes(at('2011-02-03T08:00:00Z'), 3).map((start, i) => ({ start, status: 'COMPLETED', practitioner: w.practitioner, booker: formerPatient, people: [['Former', `Patient ${i}`]] })));
});
afterAll(() => h.close());

interface ListRoute {
  name: string;
  path: () => string;
  /** A query that selects this file's rows (empty when the caller's scope does). */
  query: () => string;
  token: () => string;
  /** The ids the list answers, in start-time order. */
  rows: () => string[];
  /** Whether the list's default order is newest first. */
  newestFirst: boolean;
}

const LISTS: ListRoute[] = [
  { name: '/getclaimappointments', path: () => '/getclaimappointments', query: () => day(CLAIMABLE_DAY), token: () => w.practitioner.token, rows: () => claimable, newestFirst: false },
  { name: '/getappointments', path: () => '/getappointments', query: () => '', token: () => w.patient.token, rows: () => booked, newestFirst: false },
  { name: '/getpastappointments', path: () => '/getpastappointments', query: () => '', token: () => formerPatient.token, rows: () => past, newestFirst: true },
  { name: '/practitioner', path: () => '/practitioner', query: () => day(BOOKED_DAY), token: () => w.practitioner.token, rows: () => booked, newestFirst: false },
  { name: '/admin/allappointments', path: () => '/admin/allappointments', query: () => day(BOOKED_DAY), token: () => w.manager.token, rows: () => [...booked, othersBooked], newestFirst: false },
  { name: '/search', path: () => '/search', query: () => searchWindow(BOOKED_DAY, after(BOOKED_DAY, DAY)), token: () => w.support.token, rows: () => [...booked, othersBooked], newestFirst: false },
  { name: '/user/{id}/history', path: () => `/user/${w.patient.user.id}/history`, query: () => '', token: () => w.patient.token, rows: () => booked, newestFirst: true },
];

function get(list: ListRoute, extra = '', signedIn = true) {
  const query = [list.query(), extra].filter(Boolean).join('&');
  return h.call('GET', `/api/booking${list.path()}${query ? `?${query}` : ''}`, signedIn ? { token: list.token() } : {});
}

describe('every staff list answers one page with the total of the whole list', () => {
  it.each(LISTS)('$name: limit and offset slice the list, the total stays the same', async (list) => {
    const rows = list.rows();
    const inDefaultOrder = list.newestFirst ? [...rows].reverse() : rows;
    const whole = listOf(await get(list));
    expect(whole.appointments.map((a) => a.id)).toEqual(inDefaultOrder);
    expect(whole.total).toBe(rows.length);

    const first = listOf(await get(list, 'limit=2'));
    const rest = listOf(await get(list, 'limit=2&offset=2'));
    expect(first.appointments.map((a) => a.id)).toEqual(inDefaultOrder.slice(0, 2));
    expect(rest.appointments.map((a) => a.id)).toEqual(inDefaultOrder.slice(2));
    expect([first.total, rest.total]).toEqual([rows.length, rows.length]);
  });

  it.each(LISTS)('$name: an offset past the end answers no appointments and the true total', async (list) => {
    const total = list.rows().length;
    for (const offset of [total, 1_000_000]) {
      expect(listOf(await get(list, `offset=${offset}`))).toEqual({ success: true, total, appointments: [] });
    }
  });

  it.each(LISTS)('$name: sorts by start time either way', async (list) => {
    expect(idsOf(await get(list, 'sort=start_time'))).toEqual(list.rows());
    expect(idsOf(await get(list, 'sort=-start_time'))).toEqual([...list.rows()].reverse());
  });

  it('answers 1000 appointments when no limit is given, and the rest from offset 1000', async () => {
    const first = at('2041-09-01T00:00:00Z');
    await insertRows(Array.from({ length: 1001 }, (_, i) => ({ start: after(first, i * MINUTE), status: 'AVAILABLE' as const, practitioner: w.practitioner })));
    const list = (extra = '') => h.call('GET', `/api/booking/practitioner?${day(first)}${extra}`, { token: w.practitioner.token });

    const page = listOf(await list());
    expect(page.total).toBe(1001);
    expect(page.appointments).toHaveLength(1000);
    expect(page.appointments[999]!.start_time).toBe(epoch(first) + 999 * 60);
    const rest = listOf(await list('&offset=1000'));
    expect(rest.total).toBe(1001);
    expect(rest.appointments.map((a) => a.start_time)).toEqual([epoch(first) + 1000 * 60]);
    expect(listOf(await list('&limit=1000&offset=1')).appointments).toHaveLength(1000);
  });

  it('answers an empty list with a total of 0, from any offset', async () => {
    const empty = at('2041-01-15T00:00:00Z');
    for (const extra of ['', '&offset=5']) {
      const res = await h.call('GET', `/api/booking/admin/allappointments?${day(empty)}${extra}`, { token: w.manager.token });
      expect(listOf(res)).toEqual({ success: true, total: 0, appointments: [] });
    }
  });
});

describe('list items are slim', () => {
  it('carry what the tables show and no notes, contact details, dates of birth or status history', async () => {
    const res = await h.call('GET', `/api/booking/practitioner?${day(BOOKED_DAY)}&limit=1`, { token: w.practitioner.token });
    const [item] = listOf(res).appointments;
    expect(item).toEqual({
      id: booked[0],
      type: 'video_gp',
      test_type: 'Antigen',
      status: 'WAITING',
      start_time: epoch(BOOKED_DAY),
      end_time: epoch(BOOKED_DAY) + 20 * 60,
      status_last_updated: epoch(BOOKED_DAY),
      language: 'EN',
      provider_booking_reference: null,
      claimable_slot: false,
      practitioner: { user_id: w.practitioner.user.id, user_name: 'Test Person' },
      booking_users: [{ id: expect.any(String), first_name: 'Booked', last_name: 'Patient 0' }],
    });
    const raw = JSON.stringify(res.body);
    for (const leaked of ['notes', 'status_changes', 'email', 'date_of_birth', 'phone', 'user_video_token']) expect(raw).not.toContain(`"${leaked}"`);
  });
});

describe('sorting', () => {
  // Four appointments whose columns order differently. r4 is in summer: 08:30 UTC is 09:30 in
  // London, after r1's 09:00 GMT, though earlier in UTC. r3 has no people, no reference and r2 no
  // practitioner, so they come last whichever way those columns sort.
  const from = at('2041-03-01T00:00:00Z');
  const to = at('2041-08-01T00:00:00Z');
  let ids: Record<'r1' | 'r2' | 'r3' | 'r4', string>;
  let young: TestUser;

  beforeAll(async () => {
    young = await h.user({ org: w.practitioner.user.organisationId, roles: ['practitioner'] });
    const brown = await h.user({ org: w.practitioner.user.organisationId, roles: ['practitioner'] });
    // Mixed case, so a case-sensitive sort would put Zoe before adam.
    await db().update(users).set({ firstName: 'Zoe', lastName: 'Young' }).where(eq(users.id, young.user.id));
    await db().update(users).set({ firstName: 'adam', lastName: 'Brown' }).where(eq(users.id, brown.user.id));
    const [r1, r2, r3, r4] = (await insertRows([
      { start: at('2041-03-05T09:00:00Z'), status: 'WAITING', type: 'video_gp_vireo', language: 'EN', people: [['Carol', 'Diaz']], reference: 'VIR-200', practitioner: young, statusLastUpdated: at('2041-02-01T00:00:00Z') },
      { start: at('2041-03-05T10:00:00Z'), status: 'CLAIMABLE', type: 'video_gp', language: 'DE', people: [['alice', 'Evans'], ['Bob', 'Evans']], reference: 'vir-100', statusLastUpdated: at('2041-02-03T00:00:00Z') },
      { start: at('2041-03-06T07:00:00Z'), status: 'AVAILABLE', type: 'video_gp', language: 'EN', practitioner: brown, statusLastUpdated: at('2041-02-02T00:00:00Z') },
      { start: at('2041-07-10T08:30:00Z'), status: 'COMPLETED', type: 'video_gp_euro', language: 'DE', people: [['Bob', 'Adams']], reference: 'VIR-300', practitioner: brown, statusLastUpdated: at('2041-02-04T00:00:00Z') },
    ])) as [string, string, string, string];
    ids = { r1, r2, r3, r4 };
  });

  const sorted = async (sort: string, extra = '') => {
    const res = await h.call('GET', `/api/booking/admin/allappointments?date_from=${epoch(from)}&date_to=${epoch(to)}&sort=${sort}${extra}`, { token: w.manager.token });
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return idsOf(res).map((id) => names[id]);
  };

  it.each([
    ['start_time', ['r1', 'r2', 'r3', 'r4']],
    ['-start_time', ['r4', 'r3', 'r2', 'r1']],
    ['time', ['r3', 'r1', 'r4', 'r2']],
    ['-time', ['r2', 'r4', 'r1', 'r3']],
    ['patient', ['r2', 'r4', 'r1', 'r3']],
    ['-patient', ['r1', 'r4', 'r2', 'r3']],
    ['people', ['r3', 'r1', 'r4', 'r2']],
    ['-people', ['r2', 'r1', 'r4', 'r3']],
    ['practitioner', ['r3', 'r4', 'r1', 'r2']],
    ['-practitioner', ['r1', 'r3', 'r4', 'r2']],
    ['reference', ['r2', 'r1', 'r4', 'r3']],
    ['-reference', ['r4', 'r1', 'r2', 'r3']],
    ['status_last_updated', ['r1', 'r3', 'r2', 'r4']],
    ['-status_last_updated', ['r4', 'r2', 'r3', 'r1']],
    ['type', ['r2', 'r3', 'r4', 'r1']],
    ['-type', ['r1', 'r4', 'r2', 'r3']],
    ['status', ['r3', 'r2', 'r4', 'r1']],
    ['-status', ['r1', 'r4', 'r2', 'r3']],
    ['language', ['r2', 'r4', 'r1', 'r3']],
    ['-language', ['r1', 'r3', 'r2', 'r4']],
  ])('sort=%s answers %j (ties by start time)', async (sort, expected) => {
    expect(await sorted(sort)).toEqual(expected);
  });

  it('pages after sorting', async () => {
    expect(await sorted('patient', '&limit=2&offset=1')).toEqual(['r4', 'r1']);
  });

  it('/search sorts by the same fields', async () => {
    const res = await h.call('GET', `/api/booking/search?${searchWindow(from, to)}&sort=-practitioner`, { token: w.support.token });
    expect(idsOf(res)).toEqual([ids.r1, ids.r3, ids.r4, ids.r2]);
  });

  it('/search answers practitioners without their names when inc_practitioner_name=false', async () => {
    const march = searchWindow(from, at('2041-04-01T00:00:00Z'));
    const search = (extra: string) => h.call('GET', `/api/booking/search?${march}${extra}`, { token: w.support.token });
    const named = listOf(await search('')).appointments;
    expect(named.map((a) => a.practitioner)).toEqual([{ user_id: young.user.id, user_name: 'Zoe Young' }, null, { user_id: expect.any(String), user_name: 'adam Brown' }]);
    const unnamed = listOf(await search('&inc_practitioner_name=false')).appointments;
    expect(unnamed.map((a) => a.practitioner)).toEqual([{ user_id: young.user.id, user_name: '' }, null, { user_id: named[2]!.practitioner!.user_id, user_name: '' }]);
  });
});

describe('GET /search?exclude_future_waiting=true', () => {
  it('leaves out WAITING appointments that start after now, and nothing else', async () => {
    const now = at('2041-12-05T12:00:00Z');
    const minutes = (n: number) => after(now, n * MINUTE);
    const before = h.clock.now();
    try {
      h.clock.set(now);
      const [inProgress, started, startsNow, later, claimableLater] = await insertRows([
        { start: minutes(-40), status: 'IN_PROGRESS', practitioner: w.practitioner, people: [['In', 'Progress']] },
        { start: minutes(-20), status: 'WAITING', practitioner: w.practitioner, people: [['Started', 'Waiting']] },
        { start: now, status: 'WAITING', practitioner: w.practitioner, people: [['Now', 'Waiting']] },
        { start: minutes(20), status: 'WAITING', practitioner: w.practitioner, people: [['Later', 'Waiting']] },
        { start: minutes(40), status: 'CLAIMABLE', people: [['Claimable', 'Later']] },
      ]);
      const token = (await h.ctx.sessions.open(w.support.user.id, w.support.roles[0]!.id)).token;
      const search = (extra: string) => h.call('GET', `/api/booking/search?${searchWindow(minutes(-60), minutes(60))}${extra}`, { token });

      expect(idsOf(await search(''))).toEqual([inProgress, started, startsNow, later, claimableLater]);
      expect(idsOf(await search('&exclude_future_waiting=false'))).toEqual([inProgress, started, startsNow, later, claimableLater]);
      const live = listOf(await search('&exclude_future_waiting=true'));
      expect(live.appointments.map((a) => a.id)).toEqual([inProgress, started, startsNow, claimableLater]);
      expect(live.total).toBe(4);
    } finally {
      h.clock.set(before);
    }
  });

  it('keeps appointments without a status or a start (self swabs)', async () => {
    const booker = await h.user({ org: w.patient.user.organisationId, roles: ['patient'] });
    const [selfSwab] = await insertRows([{ start: at('2041-12-06T09:00:00Z'), status: null, type: 'self_swab', booker, people: [['Self', 'Swab']] }]);
    await db().update(appointments).set({ startTime: null, endTime: null }).where(eq(appointments.id, selfSwab!));
    const search = (extra: string) => h.call('GET', `/api/booking/search?user=${booker.user.id}${extra}`, { token: w.support.token });
    expect(idsOf(await search(''))).toEqual([selfSwab]);
    expect(idsOf(await search('&exclude_future_waiting=true'))).toEqual([selfSwab]);
  });
});

describe('bad paging is refused with the error envelope', () => {
  const BAD: [query: string, field: string][] = [
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1000001', 'offset'],
    ['sort=bogus', 'sort'],
    ['sort=--start_time', 'sort'],
    ['sort=START_TIME', 'sort'],
  ];

  it.each(LISTS)('$name answers 400 naming the field', async (list) => {
    for (const [query, field] of BAD) {
      const res = await get(list, query);
      expect(res.status, query).toBe(400);
      const envelope = ErrorEnvelope.parse(res.body);
      expect(envelope.success).toBe(false);
      expect(Object.keys(envelope.errors ?? {}), query).toEqual([field]);
      expect(envelope.message).toBe(envelope.errors![field]);
    }
  });
});

describe('who may see which list', () => {
  it.each(LISTS)('$name answers 401 without a session', async (list) => {
    const res = await get(list, '', false);
    expect(res.status).toBe(401);
    expect(ErrorEnvelope.parse(res.body).success).toBe(false);
  });

  it('refuses a patient the staff lists and a practitioner the managers’ list (403)', async () => {
    for (const path of ['/getclaimappointments', '/search', '/practitioner', '/admin/allappointments']) {
      const res = await h.call('GET', `/api/booking${path}?${day(BOOKED_DAY)}`, { token: w.patient.token });
      expect(res.status, path).toBe(403);
      expect(ErrorEnvelope.parse(res.body).success).toBe(false);
    }
    expect((await h.call('GET', `/api/booking/admin/allappointments?${day(BOOKED_DAY)}`, { token: w.practitioner.token })).status).toBe(403);
  });

  it('shows a practitioner their own appointments, never another practitioner’s', async () => {
    const own = (user: TestUser, path: string, query: string) => h.call('GET', `/api/booking${path}?${query}`, { token: user.token });
    const searchDay = searchWindow(BOOKED_DAY, after(BOOKED_DAY, DAY));
    expect(idsOf(await own(w.practitioner, '/practitioner', day(BOOKED_DAY)))).toEqual(booked);
    expect(idsOf(await own(w.practitioner, '/search', searchDay))).toEqual(booked);
    expect(idsOf(await own(w.practitioner, '/getappointments', day(BOOKED_DAY)))).toEqual(booked);
    expect(idsOf(await own(w.otherPractitioner, '/practitioner', day(BOOKED_DAY)))).toEqual([othersBooked]);
    expect(idsOf(await own(w.otherPractitioner, '/search', searchDay))).toEqual([othersBooked]);
  });

  it('shows a patient their own bookings only: another user’s history is not found', async () => {
    expect(idsOf(await h.call('GET', '/api/booking/getappointments', { token: w.otherPatient.token }))).toEqual([othersBooked]);
    const res = await h.call('GET', `/api/booking/user/${w.otherPatient.user.id}/history?limit=1`, { token: w.patient.token });
    expect(res.status).toBe(404);
    expect(ErrorEnvelope.parse(res.body).success).toBe(false);
  });
});

describe('health-data audit of a page: one record per reader, appointment and 15 minutes', () => {
  /** The read records of these appointments, with the reads counted so far added to them. */
  async function readsOf(ids: string[]) {
    await h.ctx.audit.flushReadCounts();
    return db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'health_data.read'), inArray(auditEvents.resourceId, ids)))
      .orderBy(auditEvents.id);
  }
  /** A session opened at the test clock's time, so it is valid at the fixed instants these tests read at. */
  const sessionOf = async (user: TestUser) => (await h.ctx.sessions.open(user.user.id, user.roles[0]!.id)).token;
  /** Runs `test` with the clock at `instant`, then gives the other tests their instant back. */
  async function readingAt(instant: string, test: () => Promise<void>): Promise<void> {
    const before = h.clock.now();
    try {
      h.clock.set(new Date(instant));
      await test();
    } finally {
      h.clock.set(before);
    }
  }

  it('records a read for each appointment with people on the page, and none for the rest of the list', () =>
    readingAt('2041-10-06T10:00:00Z', async () => {
      const first = new Date('2041-10-07T08:00:00Z');
      const [a, b, c, d] = await insertRows(
        every20Minutes(first, 4).map((start, i) => (i === 1 ? { start, status: 'AVAILABLE', practitioner: w.practitioner } : { start, practitioner: w.practitioner, people: [['Audited', `Patient ${i}`]] })),
      );
      const token = await sessionOf(w.practitioner);
      const list = (extra: string) => h.call('GET', `/api/booking/practitioner?${day(first)}${extra}`, { token });

      expect(idsOf(await list('&limit=2&offset=1'))).toEqual([b, c]);
      const page = await readsOf([a!, b!, c!, d!]);
      expect(page.map((r) => r.resourceId)).toEqual([c]);
      expect(page[0]).toMatchObject({ outcome: 'success', resourceType: 'appointment', actorKind: 'user', actorUserId: w.practitioner.user.id, actorRole: 'practitioner', readCount: 1 });

      expect(idsOf(await list('&offset=4'))).toEqual([]);
      expect(await readsOf([a!, b!, c!, d!])).toHaveLength(1);

      expect(idsOf(await list(''))).toEqual([a, b, c, d]);
      const whole = await readsOf([a!, b!, c!, d!]);
      expect(whole.map((r) => [r.resourceId, r.readCount])).toEqual([[c, 2], ...[a, d].sort().map((id) => [id, 1])]);
    }));

  it('keeps the first read of a window and counts the rest; a read 15 minutes on starts a new record', async () => {
    const first = new Date('2041-10-09T08:00:00Z');
    const [a, b] = await insertRows(every20Minutes(first, 2).map((start, i) => ({ start, practitioner: w.practitioner, people: [['Window', `Patient ${i}`]] })));
    let token = '';
    const list = () => h.call('GET', `/api/booking/practitioner?${day(first)}`, { token });

    await readingAt('2041-10-08T09:03:00Z', async () => {
      token = await sessionOf(w.practitioner);
      expect(idsOf(await list())).toEqual([a, b]);
    });
    await readingAt('2041-10-08T09:14:59Z', async () => expect(idsOf(await list())).toEqual([a, b]));
    const window = await readsOf([a!]);
    expect(window).toHaveLength(1);
    expect(window[0]).toMatchObject({ at: new Date('2041-10-08T09:03:00Z'), windowStart: new Date('2041-10-08T09:00:00Z'), readCount: 2, actorKind: 'user', actorUserId: w.practitioner.user.id });
    expect((await readsOf([b!]))[0]).toMatchObject({ readCount: 2 });

    await readingAt('2041-10-08T09:18:00Z', async () => expect(idsOf(await list())).toEqual([a, b]));
    expect((await readsOf([a!])).map((r) => [r.at, r.windowStart, r.readCount])).toEqual([
      [new Date('2041-10-08T09:03:00Z'), new Date('2041-10-08T09:00:00Z'), 2],
      [new Date('2041-10-08T09:18:00Z'), new Date('2041-10-08T09:15:00Z'), 1],
    ]);
  });

  it('keeps different readers apart, and counts concurrent reads of one reader on one record', () =>
    readingAt('2041-10-10T11:20:00Z', async () => {
      const first = new Date('2041-10-11T08:00:00Z');
      const [a] = await insertRows([{ start: first, practitioner: w.practitioner, people: [['Two', 'Readers']] }]);
      const practitioner = await sessionOf(w.practitioner);
      const manager = await sessionOf(w.manager);
      const list = (token: string) => h.call('GET', `/api/booking/practitioner?${day(first)}`, { token });
      const search = (token: string) => h.call('GET', `/api/booking/search?${searchWindow(first, after(first, DAY))}`, { token });

      await Promise.all(Array.from({ length: 6 }, () => list(practitioner)));
      expect(idsOf(await search(manager))).toEqual([a]);
      const reads = await readsOf([a!]);
      expect(reads.map((r) => [r.actorUserId, r.readCount])).toEqual([
        [w.practitioner.user.id, 6],
        [w.manager.user.id, 1],
      ]);
      expect(reads[1]).toMatchObject({ actorKind: 'user', actorRole: w.manager.roles[0]!.name });
    }));

  it('adds the reads counted in memory to their record when the app closes', async () => {
    const other = await createHarness();
    try {
      other.clock.set(new Date('2041-10-14T16:05:00Z'));
      const practitioner = await other.user({ org: await other.org(), roles: ['practitioner'] });
      const start = new Date('2041-10-15T08:00:00Z');
      const [row] = await other.ctx.database.db
        .insert(appointments)
        .values({ type: 'video_gp', status: 'WAITING', startTime: start, endTime: after(start, 20 * MINUTE), statusLastUpdated: start, language: 'EN', practitionerUserId: practitioner.user.id, paid: true, createdAt: start })
        .returning({ id: appointments.id });
      await other.ctx.database.db.insert(bookingUsers).values({ appointmentId: row!.id, position: 0, firstName: 'Closing', lastName: 'Time', email: 'closing.time@example.test', dateOfBirth: 0, createdAt: start });
      for (let i = 0; i < 3; i++) expect((await other.call('GET', `/api/booking/practitioner?${day(start)}`, { token: practitioner.token })).status).toBe(200);
      await other.app.close();
      const [record] = await other.ctx.database.db.select().from(auditEvents).where(eq(auditEvents.resourceId, row!.id));
      expect(record).toMatchObject({ readCount: 3, windowStart: new Date('2041-10-14T16:00:00Z') });
    } finally {
      await other.close();
    }
  });

  it('GET /getresults counts its reads the same way; opening one appointment is a record of its own', () =>
    readingAt('2041-10-12T14:40:00Z', async () => {
      const first = new Date('2041-10-13T08:00:00Z');
      const [a] = await insertRows([{ start: first, practitioner: w.practitioner, people: [['With', 'Result']] }]);
      await db().update(bookingUsers).set({ metadata: { result: 'Negative' } }).where(eq(bookingUsers.appointmentId, a!));
      const token = await sessionOf(w.practitioner);
      const results = () => h.call('GET', `/api/booking/getresults?time_from=${epoch(first)}&time_to=${epoch(after(first, DAY))}`, { token });

      expect((await results()).body.results).toHaveLength(1);
      expect((await results()).body.results).toHaveLength(1);
      expect((await h.call('GET', `/api/booking/${a!}`, { token })).status).toBe(200);
      expect((await readsOf([a!])).map((r) => [r.windowStart, r.readCount])).toEqual([
        [new Date('2041-10-12T14:30:00Z'), 2],
        [null, 1],
      ]);
    }));
});
