import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/toast/ToastProvider';
import { i18n } from './i18n';
import { theme } from './theme';

/**
 * The providers of every page. TanStack Query is not among them: the pages that call the API get it from
 * QueryProvider (app/router.tsx), so /login loads none of it. The theme goes through @mui/system's
 * ThemeProvider: the theme has no CSS variables, and @mui/material's provider would bring the
 * CSS-variables provider (colour-scheme script, storage manager) to every page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
