import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';

/**
 * The providers of every page, /login included: the texts. MUI's theme, its baseline and the toasts come with
 * ThemedProviders, which every page but a bare one (routes.ts) loads; TanStack Query comes with QueryProvider
 * (app/router.tsx) on the pages that call the API.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
