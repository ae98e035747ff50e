import { describe, expect, it } from 'vitest';
import { callPath, CHOSEN_DEVICES_KEY, saveChosenDevices } from './devices';
import { BOOKING_MSG } from '@vireo/contracts';
import { ApiError } from '../../lib/apiError';
import { closedReason, landingPhase, skipsTime, waitingState } from './phase';

const START = 1_900_000_000;
const at = (secondsFromStart: number) => (START + secondsFromStart) * 1000;

describe('landingPhase', () => {
  it('shows the details only while the start is more than 30 minutes away, unless skiptime says otherwise', () => {
    expect(landingPhase(START, at(-30 * 60 - 1), false)).toBe('early');
    expect(landingPhase(START, at(-30 * 60), false)).toBe('check');
    expect(landingPhase(START, at(600), false)).toBe('check');
    expect(landingPhase(START, at(-86_400), true)).toBe('check');
  });

  it('reads skiptime=true or 1 as skipping the time rules', () => {
    expect([skipsTime('true'), skipsTime('1'), skipsTime('false'), skipsTime(null)]).toEqual([true, true, false, false]);
  });
});

describe('waitingState', () => {
  it('counts down to the start, then waits, and apologises 180 seconds past the start', () => {
    expect(waitingState(START, at(-299.5))).toEqual({ kind: 'countdown', seconds: 299.5 });
    expect(waitingState(START, at(0))).toEqual({ kind: 'starting' });
    expect(waitingState(START, at(179))).toEqual({ kind: 'starting' });
    expect(waitingState(START, at(180))).toEqual({ kind: 'late' });
  });
});

describe('closedReason', () => {
  it('tells a completed consultation from a cancelled one by the 410’s message or the status read', () => {
    expect(closedReason(undefined, new ApiError(410, BOOKING_MSG.callCompleted))).toBe('completed');
    expect(closedReason('COMPLETED', null)).toBe('completed');
    expect(closedReason(undefined, new ApiError(410, BOOKING_MSG.alreadyCancelled))).toBe('cancelled');
    expect(closedReason('USER_CANCELLED', null)).toBe('cancelled');
    expect(closedReason(undefined, new ApiError(410, BOOKING_MSG.linkExpired))).toBe('expired');
  });

  it('shows a wrong link and a failed fetch as the cancelled notice (spec 2 §4.1)', () => {
    expect(closedReason(undefined, new ApiError(404, 'Not found'))).toBe('cancelled');
    expect(closedReason(undefined, new ApiError(0, BOOKING_MSG.callCompleted))).toBe('cancelled');
    expect(closedReason(undefined, new Error('offline'))).toBe('cancelled');
  });
});

describe('chosen devices', () => {
  it('stores only the devices chosen, as JSON under vireo.video.devices', () => {
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void stored.set(key, value) };
    saveChosenDevices({ videoDeviceId: 'cam-2' }, storage);
    expect(JSON.parse(stored.get(CHOSEN_DEVICES_KEY)!)).toEqual({ videoDeviceId: 'cam-2' });
    saveChosenDevices({ videoDeviceId: 'cam-1', audioDeviceId: 'mic-1' }, storage);
    expect(JSON.parse(stored.get(CHOSEN_DEVICES_KEY)!)).toEqual({ videoDeviceId: 'cam-1', audioDeviceId: 'mic-1' });
  });

  it('carries the link token to the call page as the landing page got it', () => {
    expect(callPath('a1', 'tok en')).toBe('/appointment/call?appointmentId=a1&short_token=tok+en');
  });
});
