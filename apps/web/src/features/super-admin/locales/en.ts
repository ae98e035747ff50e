import type { Texts } from '../../../app/locales/shape';

/** The super admin's back-office pages. */
export const en = {
  messages: {
    intro: 'Every e-mail Vireo sends is recorded here, newest first. Without SMTP nothing leaves the machine: open a message here to find its link.',
    recipient: 'Recipient',
    subject: 'Subject',
    status: 'Status',
    time: 'Time',
    actions: 'Actions',
    open: 'Open',
    openLabel: 'Open the message to {{recipient}}: {{subject}}',
    empty: 'No messages have been recorded yet.',
    loadError: 'The messages could not be loaded.',
    openError: 'The message could not be opened.',
    retry: 'Try again',
    resend: 'Send again',
    close: 'Close',
    statuses: { recorded: 'Recorded (no SMTP)', sent: 'Sent', failed: 'Failed' },
  },
};

export type SuperAdminTranslation = Texts<typeof en>;
export default en;
