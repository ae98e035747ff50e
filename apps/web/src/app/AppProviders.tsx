import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/toast/ToastProvider';
import { createQueryClient } from '../lib/queryClient';
import { i18n } from './i18n';
import { theme } from './theme';

/**
 * The theme goes through @mui/system's ThemeProvider: the theme has no CSS variables, and @mui/material's
 * provider would bring the CSS-variables provider (colour-scheme script, storage manager) to every page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
