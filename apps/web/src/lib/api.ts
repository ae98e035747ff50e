import { MSG } from '@vireo/contracts';
import type { ErrorEnvelope } from '@vireo/contracts';
import type { output, ZodType } from 'zod';
import { LOGIN_PATH, signInPathFor } from './config';
import { hardNavigate } from './navigation';
import { ApiError } from './apiError';
import { clearStorage, getAuthToken } from './storage';

export { ApiError };

export const REQUEST_TIMEOUT_MS = 15_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a FormData sent as multipart (an upload). */
  body?: unknown;
  signal?: AbortSignal;
  /** On 401/403 clear the stored session and go to /login (default true). */
  signOutOnAuthError?: boolean;
  /** Extra request headers, e.g. a customer's link token (never put tokens in the URL). */
  headers?: Record<string, string>;
  /** Let the request finish after the page is gone (a page telling the server it left). */
  keepalive?: boolean;
}

function buildHeaders(hasBody: boolean, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = getAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    return await fetch(path, { ...init, signal: controller.signal });
  } catch {
    throw new ApiError(0, MSG.somethingWentWrong);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Signs out on a refused session. After a 401 (the session expired or was revoked) signing in again returns to this
 * page; after a 403 (this role may not do it) it does not, since the same sign-in would be refused again.
 */
function signOut(status: number): void {
  clearStorage();
  const { pathname, search } = window.location;
  if (pathname !== LOGIN_PATH) hardNavigate(status === 401 ? signInPathFor(`${pathname}${search}`) : LOGIN_PATH);
}

/** The service's error envelope (contracts' ErrorEnvelope), recognised without loading zod into the page. */
function isErrorEnvelope(payload: unknown): payload is ErrorEnvelope {
  if (typeof payload !== 'object' || payload === null) return false;
  const { success, message, errors } = payload as Record<string, unknown>;
  if (success !== false || typeof message !== 'string') return false;
  return errors === undefined || (typeof errors === 'object' && errors !== null && Object.values(errors).every((value) => typeof value === 'string'));
}

/**
 * Calls the API on the same origin. `S` is the contracts schema the server answers with (its routes serialise
 * through it), so the answer has that schema's output type; the browser does not parse it again, which keeps
 * zod off the pages that only read data. A 204 answers undefined; any other answer that is not a JSON object
 * is 'Malformed response'.
 */
export async function apiRequest<S extends ZodType>(path: string, options: RequestOptions = {}): Promise<output<S>> {
  const { method = 'GET', body, signal, signOutOnAuthError = true, headers, keepalive } = options;
  const isForm = body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  const response = await send(
    path,
    { method, headers: buildHeaders(hasJsonBody, headers), body: isForm ? body : hasJsonBody ? JSON.stringify(body) : undefined, ...(keepalive ? { keepalive } : {}) },
    signal,
  );
  const payload = await readJson(response);
  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && signOutOnAuthError) signOut(response.status);
    if (isErrorEnvelope(payload)) throw new ApiError(response.status, payload.message, payload.errors, payload);
    throw new ApiError(response.status, MSG.somethingWentWrong);
  }
  if (response.status === 204) return undefined as output<S>;
  if (typeof payload !== 'object' || payload === null) throw new ApiError(response.status, MSG.malformedResponse);
  return payload as output<S>;
}

/** The file name of an attachment answer (`Content-Disposition: attachment; filename="…"`), else `fallback`. */
function attachmentName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches a file the API answers as an attachment (a CSV export) with the session's token, and gives
 * it with the server's file name; failures throw ApiError as `apiRequest` does.
 */
export async function apiFile(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, { method: 'GET', headers: buildHeaders(false) });
  if (!response.ok) {
    const payload = await readJson(response);
    if (response.status === 401 || response.status === 403) signOut(response.status);
    if (isErrorEnvelope(payload)) throw new ApiError(response.status, payload.message, payload.errors, payload);
    throw new ApiError(response.status, MSG.somethingWentWrong);
  }
  return { blob: await response.blob(), filename: attachmentName(response, fallbackName) };
}

/** Hands a fetched file to the browser to save. */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
