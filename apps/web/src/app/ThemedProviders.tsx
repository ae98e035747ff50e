import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider';
import { theme } from './theme';

/**
 * MUI's theme and baseline, and the toasts: every page but a bare one. The theme goes through @mui/system's
 * ThemeProvider: the theme has no CSS variables, and @mui/material's provider would bring the CSS-variables
 * provider (colour-scheme script, storage manager) to every page.
 */
export function ThemedProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
