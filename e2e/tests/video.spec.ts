import { expect } from '@playwright/test';
import { createPractitioner, PRACTITIONER_PASSWORD as PASSWORD } from '../accounts';
import { DEMO, expectAccessible, signInTo, test } from '../fixtures';
import { audioEnergyOver, bookedAppointment, callStatus, expectRemoteVideoPlaying, londonDayTime, newContext, statusOf } from '../video-call';

/**
 * The video call between a practitioner and a customer, in two browser contexts of Debian's
 * Chromium with fake camera and microphone (playwright.config.ts). The media goes peer to peer over
 * loopback; the signalling over each page's live socket. Each test books its own appointment with
 * a practitioner of its own, on a day months ahead.
 */

test.describe('video consultation', () => {
  test('practitioner and customer see and hear each other; mute silences the practitioner; a network drop is restored; closing the page gives PRACTITIONER_LEFT; hang-up completes', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const practitioner = await createPractitioner(request);
    const appointment = await bookedAppointment(request, practitioner);

    const practitionerContext = await newContext(browser);
    let practitionerPage = await practitionerContext.newPage();
    await signInTo(practitionerPage, practitioner.email, `/practitioner/video-appointment?appointmentId=${appointment.id}`, PASSWORD);
    await expect(callStatus(practitionerPage)).toHaveText('Waiting for the customer to join…', { timeout: 30_000 });
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('PRACTITIONER_ATTENDED');

    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/appointment/call?appointmentId=${appointment.id}&short_token=${appointment.shortToken}`);
    await expect(customerPage.getByRole('heading', { name: 'Your video appointment' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('PATIENT_ATTENDED');

    await expectRemoteVideoPlaying(practitionerPage);
    await expectRemoteVideoPlaying(customerPage);
    await expect(callStatus(customerPage)).toHaveText('Connected');
    await expect(callStatus(practitionerPage)).toHaveText('Connected');
    await expect(practitionerPage.getByText(/^Connection: (good|fair|poor)$/)).toBeVisible({ timeout: 15_000 });
    await expect(practitionerPage.getByRole('complementary', { name: 'Appointment details' })).toBeVisible();
    await expectAccessible(practitionerPage);
    await expectAccessible(customerPage);

    // The practitioner mutes: the customer's page stops receiving their sound (the fake microphone's
    // tone), and hears it again after unmuting.
    const speaking = await audioEnergyOver(customerPage, 1_500);
    expect(speaking).toBeGreaterThan(0);
    await practitionerPage.getByRole('button', { name: 'Mute' }).click();
    await expect(practitionerPage.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await customerPage.waitForTimeout(500);
    expect(await audioEnergyOver(customerPage, 1_500)).toBeLessThan(speaking / 20);
    await practitionerPage.getByRole('button', { name: 'Unmute' }).click();
    await expect.poll(() => audioEnergyOver(customerPage, 1_000), { timeout: 10_000 }).toBeGreaterThan(speaking / 4);

    // The customer's network drops and returns: the call comes back by itself.
    await customerContext.setOffline(true);
    await customerPage.waitForTimeout(3_000);
    await customerContext.setOffline(false);
    await expect(callStatus(customerPage)).toHaveText('Connected', { timeout: 30_000 });
    await expectRemoteVideoPlaying(customerPage);
    await expectRemoteVideoPlaying(practitionerPage);

    // The practitioner closes the page: PRACTITIONER_LEFT about 2 seconds later, and the customer is told.
    const closedAt = Date.now();
    await practitionerPage.close();
    await expect(callStatus(customerPage)).toHaveText('Waiting for the practitioner to join…');
    await expect.poll(() => statusOf(request, practitioner, appointment.id), { intervals: [250] }).toBe('PRACTITIONER_LEFT');
    const leftAfterMs = Date.now() - closedAt;
    expect(leftAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(leftAfterMs).toBeLessThan(8_000);
    test.info().annotations.push({ type: 'PRACTITIONER_LEFT after', description: `${leftAfterMs} ms` });

    // Back in the room, the practitioner ends the call: no results yet, so they are warned first.
    practitionerPage = await practitionerContext.newPage();
    await practitionerPage.goto(`/practitioner/video-appointment?appointmentId=${appointment.id}`);
    await expectRemoteVideoPlaying(practitionerPage);
    await practitionerPage.getByRole('button', { name: 'Hang up' }).click();
    await expect(practitionerPage.getByRole('dialog')).toContainText('You have not submitted results for all patients.');
    await practitionerPage.getByRole('button', { name: 'End call' }).click();
    await expect(callStatus(practitionerPage)).toHaveText('The call has ended.');
    await expect(callStatus(customerPage)).toHaveText('The call has ended.');
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('COMPLETED');

    await practitionerContext.close();
    await customerContext.close();
  });

  test('pause puts the call on hold, the customer waits, and a shift manager takes it over from Waiting Rooms in the live dashboard', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const practitioner = await createPractitioner(request);
    const appointment = await bookedAppointment(request, practitioner);
    const practitionerContext = await newContext(browser);
    const practitionerPage = await practitionerContext.newPage();
    await signInTo(practitionerPage, practitioner.email, `/practitioner/video-appointment?appointmentId=${appointment.id}`, PASSWORD);
    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/appointment/call?appointmentId=${appointment.id}&short_token=${appointment.shortToken}`);
    await expectRemoteVideoPlaying(practitionerPage);

    // A shift manager watches the live dashboard: the paused call arrives in Waiting Rooms without a reload.
    const managerContext = await newContext(browser);
    const managerPage = await managerContext.newPage();
    await signInTo(managerPage, DEMO.shiftManager, '/shift_manager/live/dashboard');
    const waitingRooms = managerPage.getByRole('region', { name: 'Waiting Rooms' });
    const join = waitingRooms.getByRole('button', { name: new RegExp(`^Join: .* ${londonDayTime(appointment.start)}$`) });
    await expect(managerPage.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(join).toHaveCount(0);

    await practitionerPage.getByRole('button', { name: 'Pause' }).click();
    await expect(callStatus(practitionerPage)).toHaveText('You have left the call. The appointment is on hold.');
    await expect(callStatus(customerPage)).toHaveText('The practitioner has paused the call. Please stay on this page: they will be back shortly.');
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('ON_HOLD');
    // On hold, leaving does not make it PRACTITIONER_LEFT.
    await practitionerPage.close();
    await customerPage.waitForTimeout(3_000);
    expect(await statusOf(request, practitioner, appointment.id)).toBe('ON_HOLD');

    // Other tests leave calls on hold too: with more than a page of them, show the whole list.
    await expect(waitingRooms.getByRole('button', { name: /^Join: / }).first()).toBeVisible({ timeout: 30_000 });
    const rowsPerPage = waitingRooms.getByRole('combobox', { name: /Rows per page/ });
    if ((await rowsPerPage.count()) > 0) {
      await rowsPerPage.click();
      await managerPage.getByRole('option', { name: '100' }).click();
    }
    await join.click();
    const room = managerPage.getByRole('region', { name: 'Room' });
    await expect(callStatus(managerPage)).toHaveText('Connected', { timeout: 60_000 });
    await expectRemoteVideoPlaying(managerPage);
    await expectRemoteVideoPlaying(customerPage);
    await expect(room.getByRole('button', { name: 'Hang up' })).toBeVisible();
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('PRACTITIONER_ATTENDED');
    await expectAccessible(managerPage);
    await practitionerContext.close();
    await customerContext.close();
    await managerContext.close();
  });

  test('a browser without RTCPeerConnection goes to /unsupported-browser', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
    });
    const page = await context.newPage();
    await page.goto('/appointment/call?appointmentId=00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL('/unsupported-browser');
    await context.close();
  });
});
