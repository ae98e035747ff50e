import { expect } from '@playwright/test';
import { createPractitioner, createShiftLead, PRACTITIONER_PASSWORD as PASSWORD } from '../accounts';
import { expectAccessible, signInTo, test } from '../fixtures';
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

  test('a supervisor in the room: the customer waits, a shift manager listens in, the practitioner gets their seat and completes; a supervisor’s hang-up changes nothing; take over reassigns', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const practitioner = await createPractitioner(request);
    const lead = await createShiftLead(request);
    const first = await bookedAppointment(request, practitioner);
    // The second appointment, 20 minutes later, with the shift lead on shift then too (set up through the API).
    const second = await bookedAppointment(request, practitioner, undefined, undefined, first.start + 20 * 60);
    const leadShift = await request.post('/api/booking/shifts', {
      headers: { authorization: `Bearer ${lead.token}` },
      data: { start_time: second.start, end_time: second.start + 20 * 60, services: ['video_gp_vireo'], languages: ['EN'] },
    });
    expect(leadShift.status()).toBe(201);

    const practitionerContext = await newContext(browser);
    const practitionerPage = await practitionerContext.newPage();
    await signInTo(practitionerPage, practitioner.email, `/practitioner/video-appointment?appointmentId=${first.id}`, PASSWORD);
    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/appointment/call?appointmentId=${first.id}&short_token=${first.shortToken}`);
    await expectRemoteVideoPlaying(practitionerPage);

    // The practitioner pauses: the customer waits, and the call arrives in the shift manager's Waiting Rooms.
    const managerContext = await newContext(browser);
    const managerPage = await managerContext.newPage();
    await signInTo(managerPage, lead.email, '/shift_manager/live/dashboard', PASSWORD);
    const waitingRooms = managerPage.getByRole('region', { name: 'Waiting Rooms' });
    const joinFor = (start: number) => waitingRooms.getByRole('button', { name: new RegExp(`^Join: .* ${londonDayTime(start)}$`) });
    await expect(managerPage.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await practitionerPage.getByRole('button', { name: 'Pause' }).click();
    await expect(callStatus(customerPage)).toHaveText('The practitioner has paused the call. Please stay on this page: they will be back shortly.');
    await expect.poll(() => statusOf(request, practitioner, first.id)).toBe('ON_HOLD');
    await expect(waitingRooms.getByRole('button', { name: /^Join: / }).first()).toBeVisible({ timeout: 30_000 });
    const rowsPerPage = waitingRooms.getByRole('combobox', { name: /Rows per page/ });
    if ((await rowsPerPage.count()) > 0) {
      await rowsPerPage.click();
      await managerPage.getByRole('option', { name: '100' }).click();
    }

    // The shift manager listens in: a supervisor, not the practitioner's seat; no status changes.
    await joinFor(first.start).click();
    const room = managerPage.getByRole('region', { name: 'Room' });
    await expect(room.getByRole('heading', { name: 'Listening in' })).toBeVisible();
    await expect(callStatus(managerPage)).toHaveText('Connected', { timeout: 60_000 });
    await expectRemoteVideoPlaying(managerPage);
    await expect(room.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await expect(customerPage.getByTestId('supervisor-present')).toHaveText('A supervisor is in the call: Lee Okafor.');
    expect(await statusOf(request, practitioner, first.id)).toBe('ON_HOLD');
    await expectAccessible(managerPage);

    // The practitioner comes back: their seat, with the supervisor's name; the customer sees them again.
    await practitionerPage.reload();
    await expect(practitionerPage.getByTestId('supervisor-present')).toHaveText('A supervisor is in the call: Lee Okafor.', { timeout: 30_000 });
    await expect(callStatus(practitionerPage)).toHaveText('Connected', { timeout: 60_000 });
    await expect(callStatus(customerPage)).toHaveText('Connected', { timeout: 60_000 });
    await expect.poll(() => statusOf(request, practitioner, first.id)).toBe('PRACTITIONER_ATTENDED');

    // The supervisor hangs up: only they leave; nothing else changes.
    await room.getByRole('button', { name: 'Hang up' }).click();
    await expect(callStatus(managerPage)).toHaveText('You have left the call. The consultation goes on without you.');
    await expect(practitionerPage.getByTestId('supervisor-present')).toHaveCount(0);
    await expect(callStatus(practitionerPage)).toHaveText('Connected');
    await managerPage.waitForTimeout(3_000);
    expect(await statusOf(request, practitioner, first.id)).toBe('PRACTITIONER_ATTENDED');
    await room.getByRole('button', { name: 'Close the call' }).click();

    // The practitioner of record ends the consultation.
    await practitionerPage.getByRole('button', { name: 'Hang up' }).click();
    await practitionerPage.getByRole('button', { name: 'End call' }).click();
    await expect(callStatus(customerPage)).toHaveText('The call has ended.');
    await expect.poll(() => statusOf(request, practitioner, first.id)).toBe('COMPLETED');

    // The second appointment: the customer waits on hold (set up through the API), the shift manager
    // listens in, the practitioner joins, and the shift manager takes it over.
    await customerPage.goto(`/appointment/call?appointmentId=${second.id}&short_token=${second.shortToken}`);
    await expect.poll(() => statusOf(request, practitioner, second.id)).toBe('PATIENT_ATTENDED');
    const onHold = await request.post(`/api/booking/${second.id}/status`, { headers: { authorization: `Bearer ${practitioner.token}` }, data: { status: 'ON_HOLD' } });
    expect(onHold.status()).toBe(200);
    await joinFor(second.start).click();
    await expect(callStatus(managerPage)).toHaveText('Connected', { timeout: 60_000 });
    await practitionerPage.goto(`/practitioner/video-appointment?appointmentId=${second.id}`);
    await expect(callStatus(practitionerPage)).toHaveText('Connected', { timeout: 60_000 });
    await room.getByRole('button', { name: 'Take over' }).click();
    await managerPage.getByRole('dialog').getByRole('button', { name: 'Take over' }).click();
    await expect(callStatus(practitionerPage)).toHaveText('Lee Okafor has taken over this consultation: you are no longer its practitioner.');
    await expect(room.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 30_000 });
    await expect(callStatus(managerPage)).toHaveText('Connected', { timeout: 60_000 });
    await expect(callStatus(customerPage)).toHaveText('Connected', { timeout: 60_000 });
    const record = await request.get(`/api/booking/${second.id}`, { headers: { authorization: `Bearer ${lead.token}` } });
    expect(((await record.json()) as { appointment: { status: string; practitioner: { user_name: string } } }).appointment).toMatchObject({ status: 'PRACTITIONER_ATTENDED', practitioner: { user_name: 'Lee Okafor' } });
    // The former practitioner's page does not ask again: it says why.
    await practitionerPage.reload();
    await expect(callStatus(practitionerPage)).toHaveText('This appointment is not assigned to you, so you cannot join its call. It may have been reassigned, or taken over by a shift manager.', { timeout: 30_000 });

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
