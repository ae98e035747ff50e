import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { THEME } from '@vireo/contracts';
import { PUBLIC } from './access';
import { CACHE_CONTROL } from './http';

const SHADOW = {
  paper: '0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)',
  button: '0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)',
  appBar: '0 2px 4px -1px rgba(0,0,0,.2),0 4px 5px 0 rgba(0,0,0,.14),0 1px 10px 0 rgba(0,0,0,.12)',
};

/**
 * The identity pages' stylesheet: the web app's MUI theme (`THEME`) and its defaults, written as CSS:
 * the top bar (AppBar and Toolbar), the card (Paper, as wide as the app's sign-in card), outlined
 * fields and their errors, tick boxes, contained buttons, alerts and links.
 */
export const IDENTITY_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:${THEME.fontFamily};font-size:1rem;line-height:1.5;letter-spacing:.00938em;background:${THEME.background};color:rgba(0,0,0,.87);-webkit-font-smoothing:antialiased}
.topbar{display:flex;align-items:center;min-height:56px;padding:0 16px;background:${THEME.primary};color:${THEME.onPrimary};box-shadow:${SHADOW.appBar}}
@media (min-width:600px){.topbar{min-height:64px;padding:0 24px}}
.topbar a{display:inline-flex;align-items:center;gap:8px;color:inherit;text-decoration:none;font-weight:700;font-size:1.25rem}
main{width:calc(100% - 32px);max-width:420px;margin:48px auto;padding:32px;background:${THEME.paper};border-radius:4px;box-shadow:${SHADOW.paper}}
h1{font-size:1.5rem;font-weight:400;line-height:1.334;margin:0 0 16px}
p{margin:16px 0}
main>:last-child{margin-bottom:0}
label{display:block;font-weight:500;margin:16px 0 4px}
input{width:100%;padding:16.5px 14px;font:inherit;color:inherit;border:1px solid rgba(0,0,0,.23);border-radius:4px;background:${THEME.paper}}
input:hover{border-color:rgba(0,0,0,.87)}
input:focus{outline:none;border-color:${THEME.primary};box-shadow:inset 0 0 0 1px ${THEME.primary}}
button{display:block;width:100%;margin-top:24px;padding:8px 22px;font-family:inherit;font-size:.9375rem;font-weight:500;line-height:1.75;letter-spacing:.02857em;text-transform:uppercase;color:${THEME.onPrimary};background:${THEME.primary};border:0;border-radius:4px;box-shadow:${SHADOW.button};cursor:pointer}
button:hover{background:${THEME.primaryDark}}
button:focus-visible,a:focus-visible{outline:2px solid ${THEME.primary};outline-offset:2px}
.topbar a:focus-visible{outline-color:${THEME.onPrimary}}
a{color:${THEME.primary};text-decoration-color:rgba(31,95,74,.4)}
.error,.ok{border-radius:4px;padding:6px 16px;margin:16px 0;font-size:.875rem;line-height:1.43;letter-spacing:.01071em}
.error{background:#fdeded;color:#5f2120}.ok{background:#edf7ed;color:#1e4620}
.hint{color:rgba(0,0,0,.6);font-size:.75rem;line-height:1.66;margin:4px 14px 0}
.field-error{color:#d32f2f;font-size:.75rem;line-height:1.66;margin:4px 14px 0}
input[aria-invalid=true]{border-color:#d32f2f}
.check{display:flex;align-items:flex-start;gap:8px;font-weight:400}
.check input{width:auto;margin:4px 0 0;padding:0}`;

/** The stylesheet's address: its content's hash in the query, so a new stylesheet is fetched at once and an old one cached for good. */
export const IDENTITY_CSS_URL = `/identity/theme.css?v=${createHash('sha256').update(IDENTITY_CSS).digest('hex').slice(0, 12)}`;

export async function identityStylesheet(app: FastifyInstance): Promise<void> {
  app.get('/theme.css', { config: { access: PUBLIC }, schema: { hide: true } }, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', CACHE_CONTROL.hashedAsset).send(IDENTITY_CSS),
  );
}
