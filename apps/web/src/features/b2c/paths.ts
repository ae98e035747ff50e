/** The customer's links from the b2c appointments list; the link token rides in the query as in the confirmation e-mail's links. */
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The video appointment's landing page (Join). */
export const joinPath = (appointmentId: string, shortToken: string) => `/appointment?${query({ appointmentId, short_token: shortToken })}`;

/** Edit: /b2c/edit-appointment, which opens the customer-edit mode of /booking/edit. */
export const editPath = (appointmentId: string, shortToken: string, service: string) => `/b2c/edit-appointment?${query({ appointmentId, short_token: shortToken, service })}`;

/** The customer-edit mode of the booking wizard (spec 2 §2.9). */
export const bookingEditPath = (appointmentId: string, shortToken: string, service: string) => `/booking/edit?${query({ appointmentId, short_token: shortToken, service })}`;
