/** my-appointments.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

export const MY_APPOINTMENTS_PAST = 50;
