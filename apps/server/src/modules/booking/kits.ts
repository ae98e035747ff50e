import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BLOCKED_SHIPPING_FLAGS, KIT_REGISTRATION_MSG, ORDER_BOOKING_MSG, type KitAwaiting, type KitPerson, type KitRegistrationRequest, type ShippingFlag } from '@vireo/contracts';
import { appointments, bookingUsers } from '../../db/schema';
import type { Caller, SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf } from '../../platform/db';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../platform/errors';
import { findDispatchedKit, orderHolder, ordersDispatchingKit } from '../orders';
import { auditHealthData, auditRead, readAuditOf } from './audit';
import type { BookingDeps } from './deps';
import { findAppointment, type AppointmentRow, type BookingUserRow } from './repo';
import { zonedTimeToUtc } from './time';

/**
 * Kit registration (spec 3 §5, spec 2 §4.3; issue 18): the people of a self-swab appointment each
 * register the kit they used. The appointment is reached by its booker, the signed-in customer of
 * its order, or the holder of the order's short token (x-short-token); anyone else 404.
 */

/** An order's id as a booking user's metadata names it (an appointment booked before appointments kept their order): the spec's `_x` and `_x_x` variants name the same order (spec 2 §9). */
function orderIdOf(people: BookingUserRow[]): string | undefined {
  for (const person of people) {
    const value = person.metadata.order_id;
    if (typeof value === 'string' && value.length > 0) return value.replace(/(_x)+$/, '');
  }
  return undefined;
}

function sameToken(given: string, actual: string): boolean {
  const a = Buffer.from(given.toUpperCase());
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

function personOf(row: BookingUserRow): KitPerson {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    activated: row.metadata.activated_by_user === true,
    kit_id: typeof row.metadata.kit_id === 'string' ? row.metadata.kit_id : null,
  };
}

interface KitAppointment {
  row: AppointmentRow;
  people: BookingUserRow[];
  order: { id: string; shortToken: string; customerUserId: string | null; blocked: boolean } | undefined;
}

async function reachKitAppointment(deps: BookingDeps, caller: Caller, id: string): Promise<KitAppointment> {
  if (!caller.auth && !caller.shortToken) throw unauthenticated();
  const row = await findAppointment(deps.db, id);
  if (!row || row.type !== 'self_swab') throw notFound();
  const people = await deps.db.select().from(bookingUsers).where(eq(bookingUsers.appointmentId, id)).orderBy(asc(bookingUsers.position));
  const orderId = row.orderId ?? orderIdOf(people);
  const order = orderId && /^[0-9a-f-]{36}$/i.test(orderId) ? await orderHolder(deps.db, orderId) : undefined;
  const userId = caller.auth?.userId;
  const reached =
    (userId !== undefined && (row.bookerUserId === userId || order?.customerUserId === userId)) || (caller.shortToken !== undefined && order !== undefined && sameToken(caller.shortToken, order.shortToken));
  if (!reached) throw notFound();
  return { row, people, order };
}

/** GET /{id}/kit-registration: the appointment's people, who has registered a kit and which. */
export async function kitRegistration(deps: BookingDeps, caller: Caller, id: string): Promise<KitPerson[]> {
  const { people } = await reachKitAppointment(deps, caller, id);
  await auditRead(deps, caller, [id], readAuditOf(caller));
  return people.map(personOf);
}

/** The instant of a London wall-clock date (yyyy-MM-dd) and time (HH:mm). */
function londonInstant(date: string, time: string): Date | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return zonedTimeToUtc(year, month, day, hour, minute);
}

/**
 * POST /{id}/booking-users/{userId}/kit: one person registers their kit. The kit must be one the
 * appointment's order dispatched (and the order not cancelled or failed) and registered by nobody
 * yet; the person must not have registered one. In one transaction: kit_id, sample_taken valid,
 * date_sampled, the names and activated_by_user true on the person's metadata, the kit on the
 * person, `booking_user.metadata.updated`, and the health-data audit.
 */
export async function registerKit(deps: BookingDeps, caller: Caller, id: string, bookingUserId: string, input: KitRegistrationRequest): Promise<KitPerson> {
  const { row, people, order } = await reachKitAppointment(deps, caller, id);
  const person = people.find((p) => p.id === bookingUserId);
  if (!person) throw notFound();
  if (person.metadata.activated_by_user === true) throw conflict(KIT_REGISTRATION_MSG.personActivated);
  const sampled = londonInstant(input.sample_date, input.sample_time);
  if (!sampled) throw badRequest(KIT_REGISTRATION_MSG.chooseSampleDate, { sample_date: KIT_REGISTRATION_MSG.chooseSampleDate });
  const now = deps.clock.now();
  if (sampled > now) throw badRequest(KIT_REGISTRATION_MSG.sampleInFuture, { sample_date: KIT_REGISTRATION_MSG.sampleInFuture });
  const kitId = input.kit_id;
  if (!order || order.blocked || !(await findDispatchedKit(deps.db, order.shortToken, kitId))) {
    throw badRequest(KIT_REGISTRATION_MSG.kitNotDispatched, { kit_id: KIT_REGISTRATION_MSG.kitNotDispatched });
  }
  const updated = await deps.db.transaction(async (tx) => {
    // One registration of a kit at a time, whichever appointment it is for: the check below then sees the other's.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`kit:${kitId}`}))`);
    const [current] = await tx.select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId)).for('update');
    if (!current || current.metadata.activated_by_user === true) throw conflict(KIT_REGISTRATION_MSG.personActivated);
    const used = rowsOf(await tx.execute(sql`SELECT 1 FROM booking_users WHERE metadata->>'kit_id' = ${kitId} AND (metadata->>'activated_by_user')::boolean IS TRUE LIMIT 1`));
    if (used.length > 0) throw new AppError(409, KIT_REGISTRATION_MSG.kitUsed, { kit_id: KIT_REGISTRATION_MSG.kitUsed });
    const registration = {
      kit_id: kitId,
      sample_taken: 'valid',
      date_sampled: sampled.toISOString(),
      first_name: current.firstName,
      last_name: current.lastName,
      activated_by_user: true,
    };
    const [saved] = await tx
      .update(bookingUsers)
      .set({ kitId, metadata: { ...current.metadata, ...registration } })
      .where(eq(bookingUsers.id, bookingUserId))
      .returning();
    await deps.outbox.emit(tx, {
      name: 'booking_user.metadata.updated',
      organisationId: caller.auth?.organisationId ?? null,
      payload: { appointment_id: row.id, booking_user_id: bookingUserId, keys: Object.keys(registration), at: epochSeconds(now) },
    });
    await auditHealthData(deps, caller, 'write', [row.id], tx);
    return saved!;
  });
  return personOf(updated);
}

/**
 * POST /-/activate-kit: a kit ID and its order's reference (short token) open the order's self-swab
 * appointment that still has someone to register (else its latest one). A refusal says why, on the
 * field to check: a kit no order dispatched (404, kit_id), a kit another order dispatched (404,
 * short_token), a cancelled or failed order (409), a kit registered already (409, kit_id), no
 * self-swab appointment for the order (404). Audited as the token's holder.
 */
export async function activateKit(deps: BookingDeps, caller: Caller, input: { kit_id: string; short_token: string }): Promise<string> {
  const refuse = (status: number, message: string, field?: 'kit_id' | 'short_token') => new AppError(status, message, field ? { [field]: message } : undefined);
  const dispatches = await ordersDispatchingKit(deps.db, input.kit_id);
  if (dispatches.length === 0) throw refuse(404, KIT_REGISTRATION_MSG.activationNotDispatched, 'kit_id');
  const dispatched = dispatches.find((order) => sameToken(input.short_token, order.shortToken));
  if (!dispatched) throw refuse(404, KIT_REGISTRATION_MSG.activationOtherOrder, 'short_token');
  if (BLOCKED_SHIPPING_FLAGS.includes(dispatched.shippingFlag as ShippingFlag)) throw refuse(409, ORDER_BOOKING_MSG.blocked(dispatched.shippingFlag), 'short_token');
  const registered = rowsOf(await deps.db.execute(sql`SELECT 1 FROM booking_users WHERE metadata->>'kit_id' = ${input.kit_id} AND (metadata->>'activated_by_user')::boolean IS TRUE LIMIT 1`));
  if (registered.length > 0) throw refuse(409, KIT_REGISTRATION_MSG.activationActive, 'kit_id');
  const orderIds = [dispatched.orderId, `${dispatched.orderId}_x`, `${dispatched.orderId}_x_x`];
  const rows = rowsOf<{ id: string; waiting: boolean }>(
    await deps.db.execute(sql`
      SELECT a.id, bool_or((u.metadata->>'activated_by_user')::boolean IS NOT TRUE) AS waiting
      FROM appointments a JOIN booking_users u ON u.appointment_id = a.id
      WHERE a.type = 'self_swab' AND (a.order_id = ${dispatched.orderId} OR u.metadata->>'order_id' IN (${orderIds[0]}, ${orderIds[1]}, ${orderIds[2]}))
      GROUP BY a.id, a.created_at
      ORDER BY bool_or((u.metadata->>'activated_by_user')::boolean IS NOT TRUE) DESC, a.created_at DESC
      LIMIT 1`),
  );
  const found = rows[0];
  if (!found) throw refuse(404, KIT_REGISTRATION_MSG.activationNotFound);
  await auditHealthData(deps, { ...caller, shortToken: input.short_token }, 'read', [found.id]);
  return found.id;
}

/** GET /kits/mine: the caller's own self-swab appointments with someone still to register a kit. */
export async function kitsAwaiting(deps: BookingDeps, caller: SignedInCaller): Promise<KitAwaiting[]> {
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.bookerUserId, caller.auth.userId), eq(appointments.type, 'self_swab'), isNull(appointments.status)))
    .orderBy(desc(appointments.createdAt), desc(appointments.id));
  if (rows.length === 0) return [];
  const people = await deps.db
    .select()
    .from(bookingUsers)
    .where(inArray(bookingUsers.appointmentId, rows.map((r) => r.id)))
    .orderBy(asc(bookingUsers.position));
  const waiting = rows
    .map((r) => ({ appointment_id: r.id, created_at: epochSeconds(r.createdAt), people: people.filter((p) => p.appointmentId === r.id).map(personOf) }))
    .filter((a) => a.people.some((p) => !p.activated));
  await deps.audit.listRead(caller, 'appointment', waiting.map((a) => a.appointment_id));
  return waiting;
}
