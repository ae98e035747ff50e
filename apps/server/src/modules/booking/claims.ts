import { and, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { BOOKING_LIVE, BOOKING_MSG, CLAIMABLE_BADGE_DAYS_AHEAD, ROTA_MSG, type ListPaging } from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { appointments, roles, shifts } from '../../db/schema';
import type { SignedInCaller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { listPage, orderOf, statusIn } from './list-page';
import { MAX_RANGE_DAYS, rangeWindow } from './lists';
import { canRead, isManager, isPractitioner, managesAppointment } from './policy';
import { publishAppointmentChanges, type AppointmentChange } from './live-events';
import { findAppointment, loadDetails, overlappingBooked, recordStatus, recordStatuses, type AppointmentDetails, type AppointmentRow } from './repo';
import { IN_CALL } from './status';
import { lockPractitioner } from './supply';

/**
 * How far ahead GET /getclaimappointments looks when no range is given: the longest range the
 * other lists accept, so the answer stays bounded and the web's filter bar (Today, Tomorrow, Week,
 * a custom range) still finds its days in it.
 */
const CLAIMABLE_LIST_DAYS_AHEAD = MAX_RANGE_DAYS;

/**
 * Claimable appointments that have not ended, soonest first (GET /getclaimappointments): those
 * starting in [date_from, date_to) when a range is given (validated like the other lists), else
 * those starting before CLAIMABLE_LIST_DAYS_AHEAD days from the start of today (UTC). One page,
 * with the total so screens can warn.
 */
export function listClaimable(deps: BookingDeps, caller: SignedInCaller, range: ListPaging & { date_from?: number | undefined; date_to?: number | undefined }): Promise<string> {
  const now = deps.clock.now();
  const window =
    range.date_from === undefined && range.date_to === undefined
      ? { from: undefined, to: new Date(claimableBadgeWindow(now).from.getTime() + CLAIMABLE_LIST_DAYS_AHEAD * 86_400_000) }
      : rangeWindow(range.date_from, range.date_to);
  const where = and(statusIn(['CLAIMABLE']), window.from ? gte(appointments.startTime, window.from) : undefined, lt(appointments.startTime, window.to));
  return listPage(deps, caller, { where, order: orderOf(range.sort, 'asc'), paging: range, clock: { uses: 'ended', ended: false } });
}

/** The practitioner who will take the appointment: the caller, or the assignee a manager names. */
async function assigneeOf(deps: BookingDeps, auth: AuthContext, assigneeRoleId: string | undefined): Promise<string> {
  if (!assigneeRoleId) return auth.userId;
  const own = auth.roles.find((r) => r.id === assigneeRoleId);
  if (own?.name === 'practitioner') return auth.userId;
  if (!isManager(auth)) throw notFound();
  const [role] = await deps.db.select().from(roles).where(and(eq(roles.id, assigneeRoleId), eq(roles.name, 'practitioner')));
  if (!role) throw badRequest(BOOKING_MSG.notAPractitioner, { assigneeRoleId: BOOKING_MSG.notAPractitioner });
  return role.userId;
}

/**
 * Claims a CLAIMABLE appointment for a practitioner. 405 when the practitioner already has an
 * appointment at that time, unless `override`. The conditional UPDATE gives exactly one winner of
 * concurrent claims; the others answer 409. The winner's own open slots at that time leave supply
 * so nobody books them twice.
 */
export async function claimAppointment(
  deps: BookingDeps,
  caller: SignedInCaller,
  id: string,
  options: { assigneeRoleId?: string | undefined; override?: boolean | undefined },
): Promise<AppointmentDetails> {
  const current = await findAppointment(deps.db, id);
  if (!current || !canRead(caller, current, deps.clock.now())) throw notFound();
  if (current.status !== 'CLAIMABLE') throw conflict(current.practitionerUserId ? BOOKING_MSG.alreadyClaimed : BOOKING_MSG.notClaimable);
  const practitionerUserId = await assigneeOf(deps, caller.auth, options.assigneeRoleId);
  const now = deps.clock.now();
  const { claimed, closed } = await deps.db.transaction(async (tx) => {
    await lockPractitioner(tx, practitionerUserId);
    if (current.startTime && current.endTime && !options.override) {
      const overlap = await overlappingBooked(tx, practitionerUserId, current.startTime, current.endTime, id);
      if (overlap.length > 0) throw new AppError(405, BOOKING_MSG.claimOverlap);
    }
    const [row] = await tx
      .update(appointments)
      .set({ practitionerUserId, status: 'WAITING', claimableSlot: false, statusLastUpdated: now })
      .where(and(eq(appointments.id, id), eq(appointments.status, 'CLAIMABLE')))
      .returning();
    if (!row) throw conflict(BOOKING_MSG.alreadyClaimed);
    await recordStatus(tx, id, 'WAITING', now, caller.auth.userId);
    if (!row.startTime || !row.endTime) return { claimed: row, closed: [] };
    const closedSlots = await tx
      .update(appointments)
      .set({ status: 'UNAVAILABLE', statusLastUpdated: now })
      .where(
        and(
          eq(appointments.practitionerUserId, practitionerUserId),
          eq(appointments.status, 'AVAILABLE'),
          lt(appointments.startTime, row.endTime),
          sql`${appointments.endTime} > ${row.startTime.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    await recordStatuses(tx, closedSlots.map((c) => c.id), 'UNAVAILABLE', now, caller.auth.userId);
    return { claimed: row, closed: closedSlots };
  });
  const changes: AppointmentChange[] = [
    { row: claimed, previousStatus: 'CLAIMABLE' },
    ...closed.map((slot) => ({ row: slot, previousStatus: 'AVAILABLE' as const })),
  ];
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.claimed, changes);
  const [details] = await loadDetails(deps.db, [claimed]);
  return details!;
}

/**
 * A practitioner gives an appointment up: a booked one that has not started becomes CLAIMABLE for
 * others; an open slot leaves supply (UNAVAILABLE). Managers may release anyone's.
 */
export async function releaseAppointment(deps: BookingDeps, caller: SignedInCaller, id: string): Promise<void> {
  const current = await findAppointment(deps.db, id);
  if (!current || !(isManager(caller.auth) || current.practitionerUserId === caller.auth.userId)) throw notFound();
  const now = deps.clock.now();
  const booked = current.status === 'WAITING';
  if (!booked && current.status !== 'AVAILABLE') throw conflict(BOOKING_MSG.notReleasable);
  const released = await deps.db.transaction(async (tx) => {
    const next = booked ? 'CLAIMABLE' : 'UNAVAILABLE';
    const [row] = await tx
      .update(appointments)
      .set(booked ? { practitionerUserId: null, shiftId: null, status: next, claimableSlot: true, statusLastUpdated: now } : { status: next, statusLastUpdated: now })
      .where(and(eq(appointments.id, id), inArray(appointments.status, [current.status!])))
      .returning();
    if (!row) throw conflict(BOOKING_MSG.notReleasable);
    await recordStatus(tx, id, next, now, caller.auth.userId);
    return row;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.released, [
    { row: released, previousStatus: current.status, previousPractitionerUserId: current.practitionerUserId },
  ]);
}

/**
 * Gives appointments of one practitioner to another on shift at their times (the rota's reassign).
 * Booked ones move with their booking to the target's covering shift, and the target's own open
 * slot at that time leaves supply, as a claim does; open ones leave the original practitioner's
 * supply, since the target already offers that time. Under both practitioners' supply locks (taken
 * in a fixed order), every check runs inside the transaction: of two concurrent reassigns of
 * overlapping appointments to one practitioner, the second sees the first's and answers 409.
 * Answers the appointments changed.
 */
export async function reassign(
  deps: BookingDeps,
  caller: SignedInCaller,
  input: { fromUserId: string; toUserId: string; appointmentIds: readonly string[] },
): Promise<AppointmentRow[]> {
  const ids = [...new Set(input.appointmentIds)];
  const now = deps.clock.now();
  const closedSlots: AppointmentChange[] = [];
  const { booked, open } = await deps.db.transaction(async (tx) => {
    for (const userId of [input.fromUserId, input.toUserId].sort()) await lockPractitioner(tx, userId);
    const rows = await tx.select().from(appointments).where(and(inArray(appointments.id, ids), eq(appointments.practitionerUserId, input.fromUserId)));
    if (rows.length !== ids.length || rows.some((r) => r.status !== 'WAITING' && r.status !== 'AVAILABLE' && r.status !== 'UNAVAILABLE')) throw conflict(BOOKING_MSG.notReleasable);
    const booked = rows.filter((r) => r.status === 'WAITING');
    const open = rows.filter((r) => r.status === 'AVAILABLE');
    closedSlots.push(...(await moveBooked(deps, tx, caller, booked, input.toUserId, now)));
    if (open.length > 0) {
      const closed = await tx
        .update(appointments)
        .set({ status: 'UNAVAILABLE', statusLastUpdated: now })
        .where(and(inArray(appointments.id, open.map((r) => r.id)), eq(appointments.status, 'AVAILABLE')))
        .returning();
      await recordStatuses(tx, closed.map((c) => c.id), 'UNAVAILABLE', now, caller.auth.userId);
      closedSlots.push(...closed.map((c) => ({ row: c, previousStatus: 'AVAILABLE' as const })));
    }
    return { booked, open };
  });
  await publishAppointmentChanges(
    deps,
    BOOKING_LIVE.kinds.reassigned,
    booked.map((row) => ({ row: { ...row, practitionerUserId: input.toUserId }, previousStatus: row.status, previousPractitionerUserId: input.fromUserId })),
  );
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, closedSlots);
  return [...booked, ...open];
}

/**
 * Moves booked appointments (rows read under both practitioners' supply locks) to `toUserId` with
 * the reassign's supply checks: the target is on a shift covering each one's time (400) and has no
 * other booked appointment then (409); each moves to that shift, keeping its status, and the
 * target's own open slots at that time leave supply. Audited per appointment. Answers the closed slots.
 */
async function moveBooked(deps: BookingDeps, tx: Db, caller: SignedInCaller, booked: readonly AppointmentRow[], toUserId: string, now: Date): Promise<AppointmentChange[]> {
  const targetShifts = await tx.select().from(shifts).where(eq(shifts.practitionerUserId, toUserId));
  const coveringShift = (row: AppointmentRow) => targetShifts.find((s) => s.startTime <= row.startTime! && s.endTime >= row.endTime!);
  for (const row of booked) {
    if (!row.startTime || !row.endTime || !coveringShift(row)) throw badRequest(ROTA_MSG.notOnShift, { practitioner_id: ROTA_MSG.notOnShift });
    if ((await overlappingBooked(tx, toUserId, row.startTime, row.endTime, row.id)).length > 0) throw conflict(ROTA_MSG.practitionerBusy);
  }
  const closedSlots: AppointmentChange[] = [];
  for (const row of booked) {
    const [moved] = await tx
      .update(appointments)
      .set({ practitionerUserId: toUserId, shiftId: coveringShift(row)!.id })
      .where(and(eq(appointments.id, row.id), eq(appointments.status, row.status!), eq(appointments.practitionerUserId, row.practitionerUserId!)))
      .returning({ id: appointments.id });
    if (!moved) throw conflict(BOOKING_MSG.notReleasable);
    const closed = await tx
      .update(appointments)
      .set({ status: 'UNAVAILABLE', statusLastUpdated: now })
      .where(and(eq(appointments.practitionerUserId, toUserId), eq(appointments.status, 'AVAILABLE'), lt(appointments.startTime, row.endTime!), gt(appointments.endTime, row.startTime!)))
      .returning();
    await recordStatuses(tx, closed.map((c) => c.id), 'UNAVAILABLE', now, caller.auth.userId);
    closedSlots.push(...closed.map((c) => ({ row: c, previousStatus: 'AVAILABLE' as const })));
    await deps.audit.record({ action: 'appointment.reassign', outcome: 'success', resourceType: 'appointment', resourceId: row.id }, caller, tx);
  }
  return closedSlots;
}

/**
 * A shift manager of the appointment's organisation takes its consultation over (issue 32): they
 * become its practitioner of record, as a reassign to them would make them, with the same supply
 * checks, while its call is on (any status of IN_CALL). 404 for an appointment they do not manage;
 * 400 when they are not a practitioner; 409 when its call is over or it is theirs already. Audited
 * (`appointment.takeover` beside the reassign's record); the practitioner hears of it on the
 * `appointments` topic. Answers whom it was taken from.
 */
export async function takeOver(deps: BookingDeps, caller: SignedInCaller, id: string): Promise<{ fromUserId: string }> {
  const current = await findAppointment(deps.db, id);
  if (!current || !(await managesAppointment(deps.db, caller.auth, current))) throw notFound();
  if (!isPractitioner(caller.auth)) throw badRequest(BOOKING_MSG.takeOverNotPractitioner);
  const toUserId = caller.auth.userId;
  const fromUserId = current.practitionerUserId;
  if (!fromUserId || fromUserId === toUserId || !current.status || !IN_CALL.includes(current.status)) throw conflict(BOOKING_MSG.notTakeable);
  const now = deps.clock.now();
  const { row, closedSlots } = await deps.db.transaction(async (tx) => {
    for (const userId of [fromUserId, toUserId].sort()) await lockPractitioner(tx, userId);
    const [row] = await tx.select().from(appointments).where(and(eq(appointments.id, id), eq(appointments.practitionerUserId, fromUserId)));
    if (!row?.status || !IN_CALL.includes(row.status)) throw conflict(BOOKING_MSG.notTakeable);
    const closedSlots = await moveBooked(deps, tx, caller, [row], toUserId, now);
    await deps.audit.record({ action: 'appointment.takeover', outcome: 'success', resourceType: 'appointment', resourceId: id, details: { from_user_id: fromUserId } }, caller, tx);
    return { row, closedSlots };
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.reassigned, [{ row: { ...row, practitionerUserId: toUserId }, previousStatus: row.status, previousPractitionerUserId: fromUserId }]);
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, closedSlots);
  return { fromUserId };
}

/**
 * A disabled practitioner's future work (Doctors Management), in the caller's transaction: their
 * booked appointments that have not started go back to claimable for another practitioner, and
 * their open or held slots leave supply so nobody books a practitioner who cannot take the call.
 * Takes the practitioner's supply lock. Returns the changes to publish once the transaction commits.
 */
export async function withdrawFutureWork(deps: BookingDeps, caller: SignedInCaller, practitionerUserId: string, tx: Db): Promise<AppointmentChange[]> {
  const now = deps.clock.now();
  const actorUserId = caller.auth.userId;
  await lockPractitioner(tx, practitionerUserId);
  const future = and(eq(appointments.practitionerUserId, practitionerUserId), gt(appointments.startTime, now));
  const released = await tx
    .update(appointments)
    .set({ practitionerUserId: null, shiftId: null, status: 'CLAIMABLE', claimableSlot: true, statusLastUpdated: now })
    .where(and(future, eq(appointments.status, 'WAITING')))
    .returning();
  const withdrawn = await tx
    .update(appointments)
    .set({ status: 'UNAVAILABLE', statusLastUpdated: now, holdTokenHash: null, holdExpiresAt: null })
    .where(and(future, inArray(appointments.status, ['AVAILABLE', 'LOCKED'])))
    .returning();
  await recordStatuses(tx, released.map((row) => row.id), 'CLAIMABLE', now, actorUserId);
  await recordStatuses(tx, withdrawn.map((row) => row.id), 'UNAVAILABLE', now, actorUserId);
  return [
    ...released.map((row) => ({ row, previousStatus: 'WAITING' as const, previousPractitionerUserId: practitionerUserId })),
    ...withdrawn.map((row) => ({ row, previousStatus: null, previousPractitionerUserId: practitionerUserId })),
  ];
}

/**
 * The window the claimable badge counts (spec 1 §2): from the start of today to the end of the
 * day CLAIMABLE_BADGE_DAYS_AHEAD days ahead, in UTC.
 */
export function claimableBadgeWindow(now: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + CLAIMABLE_BADGE_DAYS_AHEAD + 1));
  return { from, to };
}

/** GET /getclaimappointments/count: how many claimable appointments start in the badge's window. */
export async function countClaimable(deps: BookingDeps): Promise<number> {
  const { from, to } = claimableBadgeWindow(deps.clock.now());
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.status, 'CLAIMABLE'), gte(appointments.startTime, from), lt(appointments.startTime, to)));
  return row?.n ?? 0;
}
