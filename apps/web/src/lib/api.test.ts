// @vitest-environment jsdom
import type { ZodType } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFile, apiRequest, REQUEST_TIMEOUT_MS } from './api';
import { hardNavigate } from './navigation';

vi.mock('./navigation', () => ({ hardNavigate: vi.fn() }));

type Answer = ZodType<{ success: true; value: number }>;

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

    await expect(apiRequest<Answer>('/api/thing')).resolves.toEqual({ success: true, value: 3 });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer session-token');
  });

  it.each([401, 403])('on %i clears storage, goes to /login and throws the server message', async (status) => {
    const answer = { success: false, message: 'Unable to authenticate user.' };
    vi.stubGlobal('fetch', respond(status, answer));

    const failure = apiRequest<Answer>('/api/login/session');
    await expect(failure).rejects.toEqual(new ApiError(status, 'Unable to authenticate user.', undefined, answer));
    expect(localStorage.length).toBe(0);
    expect(hardNavigate).toHaveBeenCalledWith('/login');
  });

  it('on 401 away from the home page, signing in again returns to that page; on 403 it does not', async () => {
    window.history.pushState({}, '', '/super_admin/chats?room=r1');
    try {
      vi.stubGlobal('fetch', respond(401, { success: false, message: 'Unable to authenticate user.' }));
      await expect(apiRequest<Answer>('/api/thing')).rejects.toBeInstanceOf(ApiError);
      expect(hardNavigate).toHaveBeenLastCalledWith('/login?next=%2Fsuper_admin%2Fchats%3Froom%3Dr1');
      localStorage.setItem('auth_token', 'session-token');
      vi.stubGlobal('fetch', respond(403, { success: false, message: 'Forbidden.' }));
      await expect(apiRequest<Answer>('/api/thing')).rejects.toBeInstanceOf(ApiError);
      expect(hardNavigate).toHaveBeenLastCalledWith('/login');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('keeps the session on a 401 when asked not to sign out', async () => {
    vi.stubGlobal('fetch', respond(401, { success: false, message: 'Unable to authenticate user.' }));

    await expect(apiRequest<Answer>('/api/login/token/x', { signOutOnAuthError: false })).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('auth_token')).toBe('session-token');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('keeps the session on other errors and exposes field errors', async () => {
    vi.stubGlobal('fetch', respond(400, { success: false, message: 'Missing details.', errors: { email: 'Required' } }));

    const error = await apiRequest<Answer>('/api/thing').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: 'Missing details.', errors: { email: 'Required' } });
    expect(localStorage.getItem('auth_token')).toBe('session-token');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('answers the default message when the error has no envelope', async () => {
    vi.stubGlobal('fetch', respond(500, 'oops'));

    await expect(apiRequest<Answer>('/api/thing')).rejects.toEqual(
      new ApiError(500, 'Something went wrong, please try again.'),
    );
  });

  it('answers the default message when the envelope is not the service\'s', async () => {
    vi.stubGlobal('fetch', respond(400, { success: false, message: 'Bad', errors: { email: 3 } }));

    await expect(apiRequest<Answer>('/api/thing')).rejects.toEqual(new ApiError(400, 'Something went wrong, please try again.'));
  });

  it('sends a FormData body as multipart, with the browser\'s boundary', async () => {
    const fetchMock = respond(201, { success: true, value: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/webp' }), 'a.webp');

    await apiRequest<Answer>('/api/upload', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('rejects an answer that is not a JSON object', async () => {
    vi.stubGlobal('fetch', respond(200, 'Service Unavailable'));

    await expect(apiRequest<Answer>('/api/thing')).rejects.toEqual(new ApiError(200, 'Malformed response'));
  });

  it('answers undefined for 204 No Content', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 })));

    await expect(apiRequest<Answer>('/api/thing')).resolves.toBeUndefined();
  });

  it('gives up after 15 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      })),
    );

    const pending = apiRequest<Answer>('/api/slow');
    const settled = expect(pending).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await settled;
  });
});

describe('apiFile', () => {
  beforeEach(() => localStorage.setItem('auth_token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('fetches an attachment with the bearer and gives its content and the server’s file name', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('code,uses\r\nANTAAAAAAAAAA,1\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="purchase-codes-ANT-2026-06-10.csv"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiFile('/api/thing/csv', 'fallback.csv');
    expect(file.filename).toBe('purchase-codes-ANT-2026-06-10.csv');
    expect(await file.blob.text()).toBe('code,uses\r\nANTAAAAAAAAAA,1\r\n');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer session-token');
  });

  it('throws the server’s message when refused', async () => {
    vi.stubGlobal('fetch', respond(404, { success: false, message: 'Not found.' }));
    await expect(apiFile('/api/thing/csv', 'fallback.csv')).rejects.toMatchObject({ status: 404, message: 'Not found.' });
  });
});
