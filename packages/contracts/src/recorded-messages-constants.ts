/** recorded-messages.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** The e-mails Vireo recorded (super admins' Messages page): sent over SMTP, or only recorded where there is none. */
export const RECORDED_MESSAGE_STATUSES = ['recorded', 'sent', 'failed'] as const;

export const MESSAGES_MSG = {
  resendQueued: 'The message will be sent again in a moment.',
} as const;
