import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { BOOKING_LIVE, BOOKING_MSG, type AppointmentStatus } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files';
import { appointmentFiles, appointmentNotes, appointments, appointmentStatusChanges, bookingUsers, practitionerPresence } from '../../db/schema';
import { auditHealthData } from './audit';
import type { Caller, SignedInCaller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { publishAppointmentChanges, publishPresence } from './live-events';
import { alternativeLinkRecipients } from './mail';
import { canPractise, canRead, isCustomerOf, isManager, isAssignedPractitioner, requireIdentity } from './policy';
import { alternativeLink } from './present';
import { findAppointment, loadDetails, people, recordStatus, type AppointmentDetails, type AppointmentRow } from './repo';
import { IN_CALL } from './status';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

async function loadForPractice(deps: BookingDeps, caller: Caller, id: string): Promise<AppointmentRow> {
  const row = await findAppointment(deps.db, id);
  if (!row || !canPractise(caller, row)) throw notFound();
  return row;
}

export async function addNote(deps: BookingDeps, caller: SignedInCaller, id: string, content: string): Promise<void> {
  await loadForPractice(deps, caller, id);
  await deps.db.insert(appointmentNotes).values({ appointmentId: id, content, authorUserId: caller.auth.userId, createdAt: deps.clock.now() });
  await auditHealthData(deps, caller, 'write', [id]);
}

export async function notesHistory(deps: BookingDeps, caller: Caller, id: string) {
  const row = await findAppointment(deps.db, id);
  const now = deps.clock.now();
  if (!row || !canRead(caller, row, now) || (isCustomerOf(caller, row, now) && !canPractise(caller, row) && !isManager(caller.auth))) throw notFound();
  const [details] = await loadDetails(deps.db, [row]);
  const changes = await deps.db.select().from(appointmentStatusChanges).where(eq(appointmentStatusChanges.appointmentId, id)).orderBy(asc(appointmentStatusChanges.id));
  await auditHealthData(deps, caller, 'read', [id]);
  return {
    notes: details!.notes.map((n) => ({ id: n.id, content: n.content, created_at: epochSeconds(n.createdAt), author: n.author })),
    status_changes: changes.map((c) => ({ changed_to: c.changedTo, created_at: epochSeconds(c.createdAt) })),
  };
}

async function bookingUserOf(deps: BookingDeps, appointmentId: string, bookingUserId: string) {
  const [person] = await deps.db.select().from(bookingUsers).where(and(eq(bookingUsers.id, bookingUserId), eq(bookingUsers.appointmentId, appointmentId)));
  if (!person) throw notFound();
  return person;
}

/** An appointment as the practitioner's routes answer it, after a change made elsewhere (the certificate). */
export async function appointmentDetails(deps: BookingDeps, id: string): Promise<AppointmentDetails> {
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  const [details] = await loadDetails(deps.db, [row]);
  return details!;
}

/** PUT /{id}/booking-users/{userId}: the practitioner records kit, sample, address and ID details. */
export async function updateBookingUser(
  deps: BookingDeps,
  caller: Caller,
  id: string,
  bookingUserId: string,
  input: { metadata?: Record<string, unknown> | undefined; kit_id?: string | undefined; street_address?: string | undefined; extended_address?: string | undefined; locality?: string | undefined; region?: string | undefined; postal_code?: string | undefined; first_name?: string | undefined; last_name?: string | undefined; email?: string | undefined; phone?: string | undefined; date_of_birth?: number | undefined },
): Promise<AppointmentDetails> {
  const row = await loadForPractice(deps, caller, id);
  const person = await bookingUserOf(deps, id, bookingUserId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(bookingUsers)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email?.toLowerCase(),
        phone: input.phone,
        dateOfBirth: input.date_of_birth,
        kitId: input.kit_id,
        streetAddress: input.street_address,
        extendedAddress: input.extended_address,
        locality: input.locality,
        region: input.region,
        postalCode: input.postal_code,
        metadata: input.metadata ? { ...person.metadata, ...input.metadata } : person.metadata,
      })
      .where(eq(bookingUsers.id, bookingUserId));
    if (input.metadata) {
      await deps.outbox.emit(tx, {
        name: 'booking_user.metadata.updated',
        organisationId: caller.auth?.organisationId ?? null,
        payload: { appointment_id: id, booking_user_id: bookingUserId, keys: Object.keys(input.metadata), at: epochSeconds(now) },
      });
    }
    if (input.kit_id) await tx.update(appointments).set({ testingKitId: input.kit_id }).where(eq(appointments.id, id));
    await auditHealthData(deps, caller, 'write', [id], tx);
  });
  const [details] = await loadDetails(deps.db, [(await findAppointment(deps.db, row.id))!]);
  return details!;
}

/** Pixels an uploaded image may have (a phone photo is about 12 million): larger ones are refused before decoding. */
const MAX_IMAGE_PIXELS = 40_000_000;

/** The image decoded (so it is one), turned upright and stored as WebP; null when it is not an image. */
async function asWebp(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().webp({ quality: 85 }).toBuffer();
  } catch {
    return null;
  }
}

/** POST /{id}/uploadfile: an image for the appointment, checked by decoding it and kept in file storage as WebP. */
export async function uploadFile(
  deps: BookingDeps,
  files: FileStorage,
  caller: Caller,
  id: string,
  file: { data: Buffer; contentType: string } | null,
  bookingUserId: string | undefined,
  kind: 'upload' | 'result' = 'upload',
): Promise<string> {
  await loadForPractice(deps, caller, id);
  if (!file || file.data.length === 0) throw badRequest(BOOKING_MSG.noImage, { file: BOOKING_MSG.noImage });
  if (!(IMAGE_TYPES as readonly string[]).includes(file.contentType) || file.data.length > MAX_IMAGE_BYTES) throw badRequest(BOOKING_MSG.uploadFailed, { file: BOOKING_MSG.imageType });
  if (bookingUserId) await bookingUserOf(deps, id, bookingUserId);
  const webp = await asWebp(file.data);
  if (!webp) throw badRequest(BOOKING_MSG.uploadFailed, { file: BOOKING_MSG.imageType });
  const key = await files.put(webp, 'image/webp', 'appointments');
  const [row] = await deps.db
    .insert(appointmentFiles)
    .values({ appointmentId: id, bookingUserId: bookingUserId ?? null, kind, fileKey: key, contentType: 'image/webp', uploadedBy: caller.auth?.userId ?? null, createdAt: deps.clock.now() })
    .returning({ id: appointmentFiles.id });
  await auditHealthData(deps, caller, 'write', [id]);
  return row!.id;
}

export interface ResultInput {
  booking_user_id: string;
  result: string;
  reject_notes?: string | undefined;
  invalid_notes?: string | undefined;
  sample_taken?: string | undefined;
  kit_id?: string | undefined;
  lot_id?: string | undefined;
  kit_provider?: string | undefined;
  alternative_video?: 'true' | 'false' | undefined;
}

/**
 * PATCH /{id}/result: the practitioner's result for one person, with the photo of the test. A
 * rejection needs notes; any other result needs a photo unless the test was watched on the
 * alternative video platform.
 */
export async function submitResult(
  deps: BookingDeps,
  files: FileStorage,
  caller: Caller,
  id: string,
  input: ResultInput,
  image: { data: Buffer; contentType: string } | null,
): Promise<void> {
  await loadForPractice(deps, caller, id);
  const person = await bookingUserOf(deps, id, input.booking_user_id);
  if (input.result === 'Rejected' && !input.reject_notes) throw badRequest('You must enter rejection notes', { reject_notes: 'You must enter rejection notes' });
  if (input.result !== 'Rejected' && !image && input.alternative_video !== 'true') throw badRequest('You must take a photo of the test result', { file: 'You must take a photo of the test result' });
  if (image) await uploadFile(deps, files, caller, id, image, input.booking_user_id, 'result');
  const now = deps.clock.now();
  const metadata: Record<string, unknown> = {
    ...person.metadata,
    result: input.result,
    date_reported: now.toISOString(),
    ...(input.reject_notes ? { reject_notes: input.reject_notes } : {}),
    ...(input.invalid_notes ? { invalid_notes: input.invalid_notes } : {}),
    ...(input.sample_taken ? { sample_taken: input.sample_taken } : {}),
    ...(input.kit_id ? { kit_id: input.kit_id } : {}),
    ...(input.lot_id ? { lot_id: input.lot_id } : {}),
    ...(input.kit_provider ? { kit_provider: input.kit_provider } : {}),
  };
  await deps.db.transaction(async (tx) => {
    await tx.update(bookingUsers).set({ metadata, ...(input.kit_id ? { kitId: input.kit_id } : {}) }).where(eq(bookingUsers.id, person.id));
    await deps.outbox.emit(tx, {
      name: 'booking_user.metadata.updated',
      organisationId: caller.auth?.organisationId ?? null,
      payload: { appointment_id: id, booking_user_id: person.id, keys: ['result'], at: epochSeconds(now) },
    });
    await auditHealthData(deps, caller, 'write', [id], tx);
  });
}

/**
 * POST /{id}/8x8link: a room on the alternative video service for the appointment, e-mailed to its
 * people with their own joining link; 409 when no alternative service is configured.
 */
export async function createAlternativeLink(deps: BookingDeps, caller: Caller, id: string): Promise<string> {
  const row = await loadForPractice(deps, caller, id);
  const service = deps.settings.alternativeVideoUrl;
  if (!service) throw conflict(BOOKING_MSG.noAlternativeVideo);
  const [current] = await loadDetails(deps.db, [row]);
  await deps.mailQuota.claim(caller.auth?.userId ?? 'anonymous', alternativeLinkRecipients(current!));
  // The room's name is its only key on the alternative service: unguessable, and naming nobody.
  const room = `vireo-${randomUUID()}`;
  await deps.db.transaction(async (tx) => {
    await tx.update(appointments).set({ alternativeVideoRoom: room }).where(eq(appointments.id, id));
    await deps.outbox.emit(tx, { name: 'appointment.alternative_link', organisationId: caller.auth?.organisationId ?? null, payload: { appointment_id: id } });
  });
  await auditHealthData(deps, caller, 'read', [id]);
  return alternativeLink(service, room);
}

/**
 * POST /{id}/join: the assigned practitioner (PRACTITIONER_ATTENDED, remembered as their last
 * appointment) or the booked customer (PATIENT_ATTENDED) enters the call's room. The answer's read
 * is audited as the route presents it.
 */
export async function joinAppointment(deps: BookingDeps, caller: Caller, id: string): Promise<{ details: AppointmentDetails; room: string }> {
  requireIdentity(caller);
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  const practitioner = isAssignedPractitioner(caller, row) || (isManager(caller.auth) && row.practitionerUserId === caller.auth?.userId);
  const customer = isCustomerOf(caller, row, deps.clock.now());
  if (!practitioner && !customer) throw notFound();
  if (!row.status || !IN_CALL.includes(row.status) || !row.videoRoom) throw conflict(BOOKING_MSG.alreadyCancelled);
  const status: AppointmentStatus = practitioner ? 'PRACTITIONER_ATTENDED' : 'PATIENT_ATTENDED';
  const now = deps.clock.now();
  const joined = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(appointments).set({ status, statusLastUpdated: now }).where(eq(appointments.id, id)).returning();
    await recordStatus(tx, id, status, now, caller.auth?.userId ?? null);
    if (practitioner && caller.auth) {
      await tx
        .insert(practitionerPresence)
        .values({ userId: caller.auth.userId, lastOnline: now, lastAttendedAppointmentId: id })
        .onConflictDoUpdate({ target: practitionerPresence.userId, set: { lastOnline: now, lastAttendedAppointmentId: id } });
    }
    return updated!;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, [{ row: joined, previousStatus: row.status }]);
  const [details] = await loadDetails(deps.db, [joined]);
  return { details: details!, room: row.videoRoom };
}

// ---- Practitioner presence ----

export async function markOnline(deps: BookingDeps, caller: SignedInCaller): Promise<void> {
  const { auth } = caller;
  const now = deps.clock.now();
  await deps.db
    .insert(practitionerPresence)
    .values({ userId: auth.userId, lastOnline: now })
    .onConflictDoUpdate({ target: practitionerPresence.userId, set: { lastOnline: now } });
  await publishPresence(deps, auth.userId, now);
}

export async function practitionerInfo(deps: BookingDeps, caller: SignedInCaller) {
  const { auth } = caller;
  const [presence] = await deps.db.select().from(practitionerPresence).where(eq(practitionerPresence.userId, auth.userId));
  const names = await people(deps.db, [auth.userId]);
  return {
    user_id: auth.userId,
    name: names.get(auth.userId)?.name ?? '',
    last_online: presence?.lastOnline ? epochSeconds(presence.lastOnline) : null,
    last_atteneded_appointment: presence?.lastAttendedAppointmentId ?? null,
  };
}

/** DELETE /practitioner/{id}/clear: forgets the practitioner's last appointment (themself or a manager). */
export async function clearPractitioner(deps: BookingDeps, caller: SignedInCaller, practitionerUserId: string): Promise<void> {
  const { auth } = caller;
  if (practitionerUserId !== auth.userId && !isManager(auth)) throw notFound();
  await deps.db.update(practitionerPresence).set({ lastAttendedAppointmentId: null }).where(eq(practitionerPresence.userId, practitionerUserId));
}
