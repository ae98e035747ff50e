import { expect } from '@playwright/test';
import { apiSession, createDemoLtdPatient, createPractitioner, PRACTITIONER_PASSWORD } from '../accounts';
import { expectAccessible, signIn, signInTo, test } from '../fixtures';
import { audioEnergyOver, bookedAppointment, newContext } from '../video-call';

/**
 * The practitioner's call widget (spec 2 §2.4) ringing the customer's open Vireo page: an in-app
 * audio call over WebRTC between two browser contexts of Debian's Chromium with a fake microphone.
 */
test('the call widget rings the customer’s open page; answered, each hears the other; hang-up, decline and a booking without an account', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const practitioner = await createPractitioner(request, { first: 'Noor', last: 'Haddad' });
  const patient = await createDemoLtdPatient(request, 'Ada');
  const customer = { token: (await apiSession(request, patient.email, patient.password)).token, email: patient.email };
  const appointment = await bookedAppointment(request, practitioner, customer);

  const customerPage = await (await newContext(browser)).newPage();
  await signIn(customerPage, patient.email, patient.password);
  const practitionerPage = await (await newContext(browser)).newPage();
  await signInTo(practitionerPage, practitioner.email, `/practitioner/face-to-face-appointment?appointmentId=${appointment.id}`, PRACTITIONER_PASSWORD);

  const widget = practitionerPage.getByRole('region', { name: 'Call widget' });
  const state = widget.getByTestId('voice-widget-state');
  await expect(state).toHaveText('Ready', { timeout: 30_000 });
  await expect(widget.getByText('Phone calls need a voice provider.', { exact: false })).toBeVisible();
  await expectAccessible(practitionerPage);

  await practitionerPage.getByRole('button', { name: 'Call Ada Lovelace' }).click();
  await expect(widget.getByRole('status')).toHaveText('Calling Ada Lovelace…');
  const ringing = customerPage.getByRole('dialog', { name: 'Noor Haddad is calling' });
  await expect(ringing).toBeVisible({ timeout: 30_000 });
  await expectAccessible(customerPage);
  await ringing.getByRole('button', { name: 'Answer' }).click();

  const onCall = customerPage.getByRole('dialog', { name: 'On call with Noor Haddad' });
  await expect(onCall.getByRole('status')).toHaveText('On call with Noor Haddad', { timeout: 30_000 });
  await expect(state).toHaveText('On call');
  await expect(widget.getByRole('status')).toHaveText('On call with Ada Lovelace');
  await expect.poll(() => audioEnergyOver(customerPage, 1_000), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => audioEnergyOver(practitionerPage, 1_000), { timeout: 20_000 }).toBeGreaterThan(0);
  await expectAccessible(customerPage);

  await widget.getByRole('button', { name: 'Hang up' }).click();
  await expect(customerPage.getByRole('dialog')).toHaveCount(0);
  await expect(state).toHaveText('Ready');

  await practitionerPage.getByRole('button', { name: 'Call Ada Lovelace' }).click();
  await customerPage.getByRole('dialog', { name: 'Noor Haddad is calling' }).getByRole('button', { name: 'Decline' }).click();
  await expect(widget.getByRole('alert')).toHaveText('Ada Lovelace declined the call.');
  await expect(state).toHaveText('Ready');

  const withoutAccount = await bookedAppointment(request, practitioner);
  await practitionerPage.goto(`/practitioner/face-to-face-appointment?appointmentId=${withoutAccount.id}`);
  await expect(state).toHaveText('Ready', { timeout: 30_000 });
  await practitionerPage.getByRole('button', { name: 'Call Ada Lovelace' }).click();
  await expect(widget.getByRole('alert')).toHaveText('This customer has no Vireo account to ring. Use the alternative video link instead.');
  await expect(state).toHaveText('Ready');
});
