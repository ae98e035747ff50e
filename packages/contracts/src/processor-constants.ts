/** processor.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

export const PORT_TYPES = ['data', 'bytes', 'boolean', 'string', 'orgForm', 'emailTemplate', 'productsList', 'stringCompare', 'issueCertificateList', 'logicGate'] as const;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'stopped'] as const;

/** POST /processor/event/run (spec 3 §7.1): the "Resend messages" action. */
export const RESEND_EVENTS = ['booking_user.metadata.updated', 'appointment.booked', 'appointment.rebook', 'order.payment.complete'] as const;

export const PROCESSOR_MSG = {
  resent: 'Message has been resent successfully!',
  resendFailed: 'Something went wrong!',
  contentFailed: 'Content failed to load',
  invalidGraph: 'The task cannot be saved: fix the nodes named in the errors.',
  unknownEvent: 'Unknown event.',
  templateInUse: 'This template is used by a task, so it cannot be deleted: choose another template in that task first.',
  redacted: "This run's data was redacted after its retention, so it cannot run again.",
  labBaseUrl: 'Enter the address of the lab, starting with https:// or http://.',
  labBaseUrlCredential: 'Enter the credential in its own field, not in the address.',
  labConnectionInUse: 'This lab connection is used by a task, so it cannot be deleted: choose another connection in that task first.',
} as const;
