import { ErrorEnvelope, MSG } from '@vireo/contracts';
import type { ZodType } from 'zod';
import { LOGIN_PATH } from './config';
import { hardNavigate } from './navigation';
import { ApiError } from './apiError';
import { clearStorage, getAuthToken } from './storage';

export { ApiError };

export const REQUEST_TIMEOUT_MS = 15_000;

export interface RequestOptions<T> {
  schema: ZodType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** On 401/403 clear the stored session and go to /login (default true). */
  signOutOnAuthError?: boolean;
  /** Extra request headers, e.g. a customer's link token (never put tokens in the URL). */
  headers?: Record<string, string>;
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

function signOut(): void {
  clearStorage();
  if (window.location.pathname !== LOGIN_PATH) hardNavigate(LOGIN_PATH);
}

/** Calls the API on the same origin, validating the answer with `schema`. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { schema, method = 'GET', body, signal, signOutOnAuthError = true, headers } = options;
  const hasBody = body !== undefined;
  const response = await send(
    path,
    { method, headers: buildHeaders(hasBody, headers), body: hasBody ? JSON.stringify(body) : undefined },
    signal,
  );
  const payload = await readJson(response);
  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && signOutOnAuthError) signOut();
    const envelope = ErrorEnvelope.safeParse(payload);
    if (envelope.success) throw new ApiError(response.status, envelope.data.message, envelope.data.errors, payload);
    throw new ApiError(response.status, MSG.somethingWentWrong);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, MSG.malformedResponse);
  return parsed.data;
}
