/** processor.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

export const PORT_TYPES = ['data', 'bytes', 'boolean', 'string', 'orgForm', 'emailTemplate', 'productsList', 'stringCompare', 'issueCertificateList', 'logicGate'] as const;

/**
 * The organisation's forms a "Form" node names (port orgForm): its profile switches (daily check,
 * order kit) and the health profile, which is always on; each with the patient area's page of it.
 */
export const ORG_FORMS = ['health_profile', 'daily_check', 'order_kit'] as const;
export type OrgForm = (typeof ORG_FORMS)[number];
export const ORG_FORM_PATHS: Record<OrgForm, string> = {
  health_profile: '/patient/health-assessment',
  daily_check: '/patient/symptom-checker',
  order_kit: '/patient/order-test-kit',
};

/** The string comparisons (port stringCompare) and logic gates (port logicGate) the picker nodes offer. */
export const STRING_COMPARISONS = ['equals', 'not_equals', 'contains', 'starts_with', 'ends_with', 'equals_ignore_case'] as const;
export type StringComparison = (typeof STRING_COMPARISONS)[number];
export const LOGIC_GATES = ['AND', 'OR', 'XOR', 'NOT', 'NAND', 'NOR'] as const;
export type LogicGate = (typeof LOGIC_GATES)[number];

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
  labBaseUrl: 'Enter the address of the lab, starting with https:// or http://.',
  labBaseUrlCredential: 'Enter the credential in its own field, not in the address.',
  labConnectionInUse: 'This lab connection is used by a task, so it cannot be deleted: choose another connection in that task first.',
} as const;
