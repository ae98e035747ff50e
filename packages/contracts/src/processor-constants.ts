/** processor.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

export const PORT_TYPES = ['data', 'bytes', 'boolean', 'string', 'orgForm', 'emailTemplate', 'productsList', 'stringCompare', 'issueCertificateList', 'logicGate'] as const;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'stopped'] as const;

/** POST /processor/event/run (spec 3 §7.1): the "Resend messages" action. */
export const RESEND_EVENTS = ['booking_user.metadata.updated', 'appointment.booked', 'appointment.rebook', 'order.payment.complete'] as const;

/** What a sending node's output says in the editor's test run, beside what it would send. */
export const TEST_RUN_NOT_SENT = 'not sent: test run';

export const PROCESSOR_MSG = {
  resent: 'Message has been resent successfully!',
  resendFailed: 'Something went wrong!',
  contentFailed: 'Content failed to load',
  invalidGraph: 'The task cannot be saved: fix the nodes named in the errors.',
  unknownEvent: 'Unknown event.',
  templateInUse: 'This template is used by a task, so it cannot be deleted: choose another template in that task first.',
  redacted: "This run's data was redacted after its retention, so it cannot run again.",
} as const;
