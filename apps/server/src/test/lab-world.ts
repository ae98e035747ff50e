import { randomBytes } from 'node:crypto';
import { appointments, bookingUsers } from '../db/schema';
import type { Harness } from './harness';

/**
 * A person registered with a kit for a test (a self-swab appointment of `testType` and its one
 * booking user), written straight to the database: what kit registration leaves behind, for the
 * lab results' and certificate management's tests.
 */
export async function registeredKit(
  h: Harness,
  options: { testType?: string; kitId?: string; sampled?: Date | null; metadata?: Record<string, unknown>; firstName?: string; lastName?: string; email?: string; language?: 'EN' | 'DE' } = {},
) {
  const now = h.clock.now();
  const kitId = options.kitId ?? `KIT${randomBytes(5).toString('hex').toUpperCase()}`;
  const [appointment] = await h.ctx.database.db
    .insert(appointments)
    .values({ type: 'self_swab', testType: options.testType ?? 'PCR', status: null, statusLastUpdated: now, createdAt: now, paid: true, language: options.language ?? 'EN' })
    .returning({ id: appointments.id });
  const sampled = options.sampled === undefined ? now : options.sampled;
  const firstName = options.firstName ?? 'Grace';
  const email = options.email ?? `grace-${kitId.toLowerCase()}@example.test`;
  const [person] = await h.ctx.database.db
    .insert(bookingUsers)
    .values({
      appointmentId: appointment!.id,
      position: 0,
      firstName,
      lastName: options.lastName ?? 'Hopper',
      email,
      dateOfBirth: Date.UTC(1990, 4, 17) / 1000,
      kitId,
      createdAt: now,
      metadata: { kit_id: kitId, sample_taken: 'valid', activated_by_user: true, ...(sampled ? { date_sampled: sampled.toISOString() } : {}), ...options.metadata },
    })
    .returning({ id: bookingUsers.id });
  return { appointmentId: appointment!.id, bookingUserId: person!.id, kitId, firstName, email };
}

/** A multipart body with one file in the field `upload`. */
export function uploadBody(csv: string, boundary = '----vireolabresults') {
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="results.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
