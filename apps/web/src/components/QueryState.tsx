import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { PageLoader } from './PageLoader';

/** The parts of a TanStack query result QueryState reads. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown instead of `children` when `isEmpty` says the answer has nothing in it. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  /** The screen's own text for a failed load (e.g. 'Error fetching Drop Boxes'); else the server's message. */
  errorText?: string;
  children: (data: T) => ReactNode;
}

/** A TanStack query's three other states: loading, failed (with Try again) and empty; its data goes to `children`. */
export function QueryState<T>({ query, empty, isEmpty, errorText, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) {
    return empty !== undefined && isEmpty?.(query.data) ? <EmptyState message={empty} /> : children(query.data);
  }
  if (!query.isError) return <PageLoader />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      }
    >
      {errorText ?? query.error?.message ?? t('errors.generic')}
    </Alert>
  );
}

/** Two queries as one for QueryState: data once both have answered, the first failure, one retry for both. */
export function bothQueries<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  const failed = a.isError ? a : b;
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    isError: a.isError || b.isError,
    error: failed.error,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}
