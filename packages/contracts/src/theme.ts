/**
 * The look shared by the web app (its MUI theme) and the server-rendered identity pages (their
 * stylesheet, /identity/theme.css), so that signing in looks like the app. Colours keep at least
 * 4.5:1 contrast against their text (WCAG AA).
 */
export const THEME = {
  primary: '#1f5f4a',
  /** MUI's `primary.dark` for this main colour (30 % darker): contained buttons on hover. */
  primaryDark: '#154233',
  secondary: '#5b3f8c',
  onPrimary: '#ffffff',
  background: '#f6f7f6',
  paper: '#ffffff',
  fontFamily: /* @__PURE__ */ ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Noto Sans"', 'sans-serif'].join(','),
} as const;
