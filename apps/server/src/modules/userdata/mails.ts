import { eq } from 'drizzle-orm';
import { formatUkDate, INVITATION_VALID_DAYS, KIT_ORDER_WORKING_DAYS } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { hashToken } from '../../platform/tokens';
import { kitOrders, registrations } from '../../db/schema';
import * as identityRepo from '../identity';
import { shippingOf, type ShippingRow } from './repo';

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

interface MailDeps {
  mailer: Mailer;
  productName: string;
  publicUrl: string;
}

async function sendKitOrderConfirmation(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const [order] = await db.select().from(kitOrders).where(eq(kitOrders.id, String(event.payload.order_id)));
  const user = await identityRepo.findUser(db, String(event.payload.user_id));
  const shipping = order ? await shippingOf(db, order.roleProfileId) : undefined;
  if (!order || !user || !shipping) return;
  await deps.mailer.send(
    db,
    kitOrderConfirmation({ to: order.confirmationEmail, firstName: user.firstName, productName: deps.productName, publicUrl: deps.publicUrl, appointmentDate: order.appointmentDate, shipping }),
  );
}

/** The invitation's token comes sealed in the event; a later invitation of the same address replaced it, and sends its own. */
async function sendInvitation(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const token = event.secrets.token;
  const [registration] = await db.select().from(registrations).where(eq(registrations.id, String(event.payload.registration_id)));
  if (!token || !registration || registration.status !== 'pending' || registration.tokenHash !== hashToken(token)) return;
  const organisation = await identityRepo.organisationProfileFor(db, registration.organisationId);
  if (!organisation) return;
  await deps.mailer.send(
    db,
    invitation({ to: registration.email, organisationName: organisation.name, productName: deps.productName, link: `${deps.publicUrl}/identity/register?token=${encodeURIComponent(token)}` }),
  );
}

/** The user-data service's e-mails, each a handler of the event its change writes. */
export function registerUserdataMessages(relay: OutboxRelay, deps: MailDeps): void {
  relay.on('kit_order.placed', 'userdata.kit-order-mail', (event, db) => sendKitOrderConfirmation(deps, event, db));
  relay.on('registration.invited', 'userdata.invitation-mail', (event, db) => sendInvitation(deps, event, db));
}
