// @vitest-environment jsdom
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, REQUEST_TIMEOUT_MS } from './api';
import { hardNavigate } from './navigation';

vi.mock('./navigation', () => ({ hardNavigate: vi.fn() }));

const Answer = z.object({ success: z.literal(true), value: z.number() });

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>().mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('apiRequest', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'session-token');
    localStorage.setItem('role', 'patient');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(hardNavigate).mockClear();
    localStorage.clear();
  });

  it('sends the stored token as a bearer and returns the parsed answer', async () => {
    const fetchMock = respond(200, { success: true, value: 3 });
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('/api/thing', { schema: Answer })).resolves.toEqual({ success: true, value: 3 });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer session-token');
  });

  it.each([401, 403])('on %i clears storage, goes to /login and throws the server message', async (status) => {
    const answer = { success: false, message: 'Unable to authenticate user.' };
    vi.stubGlobal('fetch', respond(status, answer));

    const failure = apiRequest('/api/login/session', { schema: Answer });
    await expect(failure).rejects.toEqual(new ApiError(status, 'Unable to authenticate user.', undefined, answer));
    expect(localStorage.length).toBe(0);
    expect(hardNavigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the session on a 401 when asked not to sign out', async () => {
    vi.stubGlobal('fetch', respond(401, { success: false, message: 'Unable to authenticate user.' }));

    await expect(apiRequest('/api/login/token/x', { schema: Answer, signOutOnAuthError: false })).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('auth_token')).toBe('session-token');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('keeps the session on other errors and exposes field errors', async () => {
    vi.stubGlobal('fetch', respond(400, { success: false, message: 'Missing details.', errors: { email: 'Required' } }));

    const error = await apiRequest('/api/thing', { schema: Answer }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: 'Missing details.', errors: { email: 'Required' } });
    expect(localStorage.getItem('auth_token')).toBe('session-token');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('answers the default message when the error has no envelope', async () => {
    vi.stubGlobal('fetch', respond(500, 'oops'));

    await expect(apiRequest('/api/thing', { schema: Answer })).rejects.toEqual(
      new ApiError(500, 'Something went wrong, please try again.'),
    );
  });

  it('rejects an answer that does not match the schema', async () => {
    vi.stubGlobal('fetch', respond(200, { success: true }));

    await expect(apiRequest('/api/thing', { schema: Answer })).rejects.toEqual(new ApiError(200, 'Malformed response'));
  });

  it('gives up after 15 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      })),
    );

    const pending = apiRequest('/api/slow', { schema: Answer });
    const settled = expect(pending).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await settled;
  });
});
