/** The customer's pages of a booking; the link token rides in the page address, as in the confirmation e-mail. */
function customerLink(path: string, appointmentId: string, shortToken: string, service: string): string {
  return `${path}?${new URLSearchParams({ appointmentId, short_token: shortToken, service }).toString()}`;
}

/** View, delete and rebook (the confirmation e-mail's link). */
export const manageLink = (appointmentId: string, shortToken: string, service: string) => customerLink('/book/manage', appointmentId, shortToken, service);

/** Change the time (spec 2 §2.9, customer-edit mode). */
export const editLink = (appointmentId: string, shortToken: string, service: string) => customerLink('/booking/edit', appointmentId, shortToken, service);
