import { THEME } from '@vireo/contracts';

const SHADOW = {
  paper: '0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)',
  button: '0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)',
};

/**
 * The few styles a page needs before MUI has loaded, or on a page that never loads it (/login): the body as MUI's
 * CssBaseline sets it, a card, a contained button, the page loader's spinner and the error page, written from the
 * theme's tokens (contracts' `THEME`, which MUI's theme and the identity pages' stylesheet are made of).
 */
const PLAIN_CSS = `
*,*::before,*::after{box-sizing:inherit}
html{box-sizing:border-box;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;-webkit-text-size-adjust:100%}
body{margin:0;font-family:${THEME.fontFamily};font-size:1rem;line-height:1.5;letter-spacing:.00938em;color:rgba(0,0,0,.87);background-color:${THEME.background}}
.plain-screen{min-height:100vh;display:grid;place-items:center;padding:16px}
.plain-card{display:grid;gap:24px;justify-items:center;width:100%;max-width:420px;padding:32px;background:${THEME.paper};border-radius:4px;box-shadow:${SHADOW.paper}}
.plain-title{margin:0;color:${THEME.primary};font-size:2.125rem;font-weight:400;line-height:1.235}
.plain-heading{margin:0 0 .35em;font-size:1.5rem;font-weight:400;line-height:1.334}
.plain-logo{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:1.25rem}
.plain-button{padding:8px 22px;font-family:inherit;font-size:.9375rem;font-weight:500;line-height:1.75;letter-spacing:.02857em;text-transform:uppercase;color:${THEME.onPrimary};background:${THEME.primary};border:0;border-radius:4px;box-shadow:${SHADOW.button};cursor:pointer}
.plain-button:hover{background:${THEME.primaryDark}}
.plain-button:focus-visible{outline:2px solid ${THEME.primary};outline-offset:2px}
.plain-error{padding:32px;text-align:center}
.plain-document{max-width:760px;margin:0 auto;padding:32px 16px}
.plain-document a{color:${THEME.primary}}
.plain-loader{display:flex;justify-content:center;padding:64px 0}
.plain-spinner{width:40px;height:40px;border:3.6px solid rgba(31,95,74,.2);border-top-color:${THEME.primary};border-radius:50%;animation:plain-spin 1.4s linear infinite}
@keyframes plain-spin{to{transform:rotate(360deg)}}`;

/** Adds the plain styles to the document once, before the first render (the CSP allows styles the app adds, as MUI's). */
export function installPlainStyles(doc: Document = document): void {
  if (doc.getElementById('vireo-plain-styles')) return;
  const style = doc.createElement('style');
  style.id = 'vireo-plain-styles';
  style.textContent = PLAIN_CSS;
  doc.head.append(style);
}
