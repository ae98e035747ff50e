import { describe, expect, it } from 'vitest';
import { elapsedLabel, isLateForShift, isWaitingTooLong, presenceStatus } from './rota';

describe('shift manager rules', () => {
  it('a waiting-room timer is red from exactly 15 minutes', () => {
    expect(isWaitingTooLong(1000, 1000 + 15 * 60 - 1)).toBe(false);
    expect(isWaitingTooLong(1000, 1000 + 15 * 60)).toBe(true);
  });

  it('an Offline practitioner is late more than 10 minutes into a shift that has not ended', () => {
    const row = { status: 'Offline' as const, start_time: 0, end_time: 3600 };
    expect(isLateForShift(row, 600)).toBe(false);
    expect(isLateForShift(row, 601)).toBe(true);
    expect(isLateForShift({ ...row, status: 'Online' }, 601)).toBe(false);
    expect(isLateForShift(row, 3600)).toBe(false);
  });

  it('a practitioner is Online within 90 seconds of the last heartbeat', () => {
    expect(presenceStatus(null, 100)).toBe('Offline');
    expect(presenceStatus(10, 100)).toBe('Online');
    expect(presenceStatus(10, 101)).toBe('Offline');
  });

  it('labels elapsed time as mm:ss, with hours when needed', () => {
    expect(elapsedLabel(0, 75)).toBe('01:15');
    expect(elapsedLabel(0, 3725)).toBe('1:02:05');
    expect(elapsedLabel(100, 50)).toBe('00:00');
  });
});
