import { formatUkDate, INVITATION_VALID_DAYS, KIT_ORDER_WORKING_DAYS } from '@vireo/contracts';
import type { OutgoingMail } from '../../platform/mail';
import type { ShippingRow } from './repo';

export function kitOrderConfirmation(input: {
  to: string;
  firstName: string;
  productName: string;
  publicUrl: string;
  appointmentDate: Date;
  shipping: ShippingRow;
}): OutgoingMail {
  const { shipping } = input;
  const address = [shipping.address1, shipping.address2, shipping.city, shipping.county, shipping.postcode].filter(Boolean).join('\n');
  return {
    to: input.to,
    template: 'kit_order.confirmation',
    subject: `Your ${input.productName} home test kit is on the way`,
    text: [
      `Hello ${input.firstName},`,
      '',
      'Thank you, your kit is on the way.',
      '',
      'We will deliver it to:',
      address,
      '',
      `Your test date: ${formatUkDate(input.appointmentDate)}. Kits are ordered at least ${KIT_ORDER_WORKING_DAYS} working days ahead so they arrive in time.`,
      '',
      'Next, book the online video appointment in which a practitioner guides you through your test:',
      `${input.publicUrl}/authenticated/book`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

export function invitation(input: { to: string; organisationName: string; productName: string; link: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'registration.invitation',
    subject: `${input.organisationName} invites you to ${input.productName}`,
    text: [
      'Hello,',
      '',
      `${input.organisationName} uses ${input.productName} for health checks and COVID-19 testing and has invited you to join.`,
      '',
      'Create your account here:',
      input.link,
      '',
      `The link works for ${INVITATION_VALID_DAYS} days. If you were not expecting this e-mail, you can ignore it.`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}
