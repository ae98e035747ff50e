import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError';

const MAX_RETRIES = 2;

/** Retries only failures a retry can fix: no answer, or a server error. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
