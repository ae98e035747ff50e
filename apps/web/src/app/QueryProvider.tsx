import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/queryClient';

/** The app's one cache, kept across navigations: every page that calls the API shares it. */
const appQueryClient = createQueryClient();

/**
 * TanStack Query for the pages that call the API: the signed-in shell (RouteGate) and the public pages
 * with data. It is not among the AppProviders, so a page without API calls (/login) loads none of it.
 */
export function QueryProvider({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
