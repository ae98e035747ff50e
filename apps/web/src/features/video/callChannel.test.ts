// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError';
import { tokenRefusal } from './api';
import { CallChannel, CallRefusal } from './callChannel';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-07T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

function channelWith(token: () => Promise<string | null>) {
  const onRefused = vi.fn();
  const onState = vi.fn();
  const channel = new CallChannel({ token, sessionToken: 'session', onMessage: vi.fn(), onState, onRefused });
  return { channel, onRefused, onState };
}

describe('CallChannel and the video token', () => {
  it('stops asking for a token once the server refuses one, and says why', async () => {
    const token = vi.fn(() => Promise.reject(tokenRefusal(new ApiError(409, 'This appointment has been completed: its call is over.'), 'not yours')));
    const { channel, onRefused } = channelWith(token);
    channel.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(token).toHaveBeenCalledTimes(1);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith('This appointment has been completed: its call is over.');
  });

  it('keeps trying after a failure that may pass (the network, the server busy)', async () => {
    const token = vi.fn(() => Promise.reject(tokenRefusal(new ApiError(503, 'Service unavailable'), 'not yours')));
    const { channel, onRefused } = channelWith(token);
    channel.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(token.mock.calls.length).toBeGreaterThan(3);
    expect(onRefused).not.toHaveBeenCalled();
    channel.stop();
  });

  it('reads a 404 as not this user’s appointment, and 403, 409 and 410 in the server’s words', () => {
    expect(tokenRefusal(new ApiError(404, 'Not found.'), 'Not assigned to you.')).toEqual(new CallRefusal('Not assigned to you.'));
    for (const status of [403, 409, 410]) expect(tokenRefusal(new ApiError(status, 'Why'), 'x')).toEqual(new CallRefusal('Why'));
    const offline = new TypeError('Failed to fetch');
    expect(tokenRefusal(offline, 'x')).toBe(offline);
  });
});
