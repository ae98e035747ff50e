import { SHIFT_MANAGEMENT } from '@vireo/contracts';
import type { OutgoingMail } from '../../platform/mail';

export function setPasswordInvitation(input: { to: string; firstName: string; productName: string; link: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'practitioner.invitation',
    subject: `Set your ${input.productName} password`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `A practitioner account has been created for you on ${input.productName}. Set your password to sign in:`,
      input.link,
      '',
      `The link works for ${SHIFT_MANAGEMENT.invitationValidDays} days. If you were not expecting this e-mail, you can ignore it.`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}
