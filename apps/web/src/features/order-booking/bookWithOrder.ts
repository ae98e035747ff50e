import { FLIGHT_LINKED_SKU, productSlug } from '@vireo/contracts';
import { PRODUCT_NAME } from '../../lib/config';
import { bookUntimed, payWithOrder } from './api';
import { dialCodeOf } from './dialCodes';
import { bookingUsersOf, flightDetailsOf, peopleOf, skipsBooking, toServiceDay } from './rules';
import type { Booked, BookingRequest } from './types';

/** The service an order's booking uses when the page names none: video_gp_{product}. */
export const defaultService = () => `video_gp_${productSlug(PRODUCT_NAME)}`;

/**
 * Summary's booking with an order's short token: the held slot paid by the order's units
 * (POST /{slotId}/payment), or, booking skipped, the untimed appointment (POST /).
 */
export async function bookWithOrder({ values, product, hold }: BookingRequest, shortToken: string, service: string, language: 'EN' | 'DE'): Promise<Booked> {
  const people = peopleOf(values);
  const bookingUsers = bookingUsersOf(values, product, language, dialCodeOf);
  const flight = flightDetailsOf(values, product);
  const tzLocation = bookingUsers[0]?.tz_location;
  const unitsLeft = product.unitsLeft === null ? null : product.unitsLeft - people;
  if (skipsBooking(product) || !hold) {
    const answer = await bookUntimed({ type: 'self_swab', booking_users: bookingUsers, toc_accept: true, token: shortToken, product_id: product.id, flight_details: flight, language, ...(tzLocation ? { tz_location: tzLocation } : {}) }, shortToken);
    return { appointmentId: answer.appointment.id, unitsLeft };
  }
  const answer = await payWithOrder(
    hold.slotId,
    {
      token: shortToken,
      hold_token: hold.token,
      product_id: product.id,
      type: service,
      booking_users: bookingUsers,
      flight_details: flight,
      ...(product.sku !== FLIGHT_LINKED_SKU && values.appointmentDate ? { appointment_date: toServiceDay(values.appointmentDate) } : {}),
      toc_accept: true,
      language,
      ...(tzLocation ? { tz_location: tzLocation } : {}),
    },
    shortToken,
  );
  return { appointmentId: answer.confirmation.id, unitsLeft };
}
