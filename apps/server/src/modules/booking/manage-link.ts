import { eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { conflict, notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';
import { appointments, bookingPayments } from '../../db/schema';
import type { SignedInCaller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { linkExpired } from './policy';
import { findAppointment } from './repo';

/**
 * POST /{id}/short-token (customer services, super admins): the customer's link is replaced. Every
 * booking made with the old link moves to the new one, so the old link stops working at once; the
 * new link is e-mailed to the payer and the people on the booking. Audited, without the token.
 */
export async function renewLink(deps: BookingDeps, caller: SignedInCaller, id: string): Promise<void> {
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  if (!row.shortTokenHash) throw conflict(BOOKING_MSG.noBookingLink);
  if (linkExpired(row, deps.clock.now())) throw conflict(BOOKING_MSG.linkExpired);
  const token = newToken();
  const sealed = await deps.sealer.seal(token);
  const [payment] = await deps.db.select({ email: bookingPayments.payerEmail }).from(bookingPayments).where(eq(bookingPayments.appointmentId, id));
  await deps.db.transaction(async (tx) => {
    const moved = await tx.update(appointments).set({ shortTokenHash: hashToken(token), shortTokenSealed: sealed }).where(eq(appointments.shortTokenHash, row.shortTokenHash!)).returning({ id: appointments.id });
    await deps.audit.record(
      { action: 'booking.link_renewed', outcome: 'success', resourceType: 'appointment', resourceId: id, details: { appointments: moved.length } },
      caller,
      tx,
    );
    await deps.outbox.emit(tx, {
      name: 'appointment.link_renewed',
      organisationId: caller.auth.organisationId,
      payload: { appointment_id: id },
      secrets: { short_token: token, ...(payment ? { payer_email: payment.email } : {}) },
    });
  });
}
