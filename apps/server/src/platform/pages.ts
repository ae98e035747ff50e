import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import { SINGLE_LINE_TEXT } from '@vireo/contracts';
import { IDENTITY_CSS_URL } from './page-theme';

/**
 * The kit of the server-rendered pages (sign-in, change password, registration, set password):
 * the page frame, escaping, CSRF for their forms and the checks every form shares.
 */

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The product mark of the web app's top bar (ProductLogo). */
const LOGO =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="6" fill="currentColor" opacity="0.2"/><path d="M7 10l9 14 9-14h-4l-5 8-5-8z" fill="currentColor"/></svg>';

/**
 * The frame of every server page, in the web app's look (top bar, card; `page-theme.ts`'s stylesheet):
 * no scripts, so it works under the strictest CSP.
 */
export function page(productName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${escapeHtml(productName)}</title><link rel="stylesheet" href="${IDENTITY_CSS_URL}"></head>
<body><header class="topbar"><a href="/login">${LOGO}${escapeHtml(productName)}</a></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Only paths of Vireo itself are followed after a page: never another site. */
export function safeReturnUrl(value: unknown, fallback = '/login'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const url = new URL(value, 'http://vireo.invalid');
    if (url.origin !== 'http://vireo.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Answers a server page: never cached, since its form carries a fresh CSRF token. */
export const sendPage = (reply: FastifyReply, productName: string, status: number, title: string, body: string) =>
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page(productName, title, body));

/**
 * CSRF for the pages' forms (@fastify/csrf-protection over @fastify/cookie): a SameSite=Strict,
 * HttpOnly cookie under /identity holds the browser's secret, and every form carries a token made
 * from it in its `csrf` field. Registered once for the whole app.
 */
export async function registerPageForms(app: FastifyInstance, options: { secure: boolean }): Promise<void> {
  await app.register(cookie);
  await app.register(csrfProtection, {
    cookieKey: 'vireo_csrf',
    cookieOpts: { path: '/identity', httpOnly: true, sameSite: 'strict', secure: options.secure },
    getToken: (request) => {
      const body = request.body as Record<string, unknown> | undefined;
      return typeof body?.csrf === 'string' ? body.csrf : undefined;
    },
  });
}

/** A token for the form of the page being answered (setting the cookie's secret when the browser has none). */
export const issueCsrf = (reply: FastifyReply): string => reply.generateCsrf();

/**
 * Whether a posted form repeats a token made from the browser's cookie. The plugin's check answers
 * a failure itself (`reply.send`); a page instead answers its form again, so it gets the outcome.
 */
export function csrfValid(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const outcome = { send: () => resolve(false) } as unknown as FastifyReply;
    app.csrfProtection(request, outcome, () => resolve(true));
  });
}

/** Whether a posted form holds a control character (a NUL, a line break…) in any field: every form field is one line. */
export const hasControlCharacters = (form: Record<string, unknown>): boolean =>
  Object.values(form).some((value) => [value].flat().some((item) => typeof item === 'string' && !SINGLE_LINE_TEXT.test(item)));

export const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
export const alert = (message: string | undefined, kind: 'error' | 'ok' = 'error') =>
  message ? `<div class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</div>` : '';
