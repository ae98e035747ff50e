import { IDENTITY_CSS_URL } from './theme';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The product mark of the web app's top bar (ProductLogo). */
const LOGO =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="6" fill="currentColor" opacity="0.2"/><path d="M7 10l9 14 9-14h-4l-5 8-5-8z" fill="currentColor"/></svg>';

/**
 * The frame of every identity page, in the web app's look (top bar, card; `theme.ts`'s stylesheet):
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
