import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api';
import { SessionContext, useSession } from '../../lib/session';
import { AppLayout } from '../layouts/AppLayout';
import { QueryProvider } from '../QueryProvider';
import { NotFoundPage } from './NotFoundPage';
import { resolveRoute } from './resolveRoute';
import { RoutePage } from './RoutePage';
import { SessionErrorPage } from './SessionErrorPage';

/** A 401/403: the api wrapper is already on its way to /login. */
function isSignOut(error: Error): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Decides, for the current address outside the public rows, between the page, a redirect and the
 * not-found page. `page` is the matched row's page; the catch-all route has none. The public rows never
 * come here: they load neither the session nor the signed-in shell (app/router.tsx).
 */
export function RouteGate({ page }: { page?: ReactNode }) {
  return (
    <QueryProvider>
      <Gate page={page} />
    </QueryProvider>
  );
}

function Gate({ page }: { page?: ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  const current = session.hasToken ? (session.data ?? null) : null;
  if (session.hasToken && !current) {
    if (session.isError && !isSignOut(session.error)) {
      return <SessionErrorPage onRetry={() => void session.refetch()} />;
    }
    return <PageLoader />;
  }

  const decision = resolveRoute(pathname, current, undefined, search);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // Public rows returned above, so a page to render always has a session here.
  if (decision.kind === 'notFound' || !current) return <NotFoundPage />;
  return (
    <SessionContext value={current}>
      <Suspense fallback={<PageLoader />}>
        <AppLayout route={decision.route}>
          <RoutePage route={decision.route} page={page} />
        </AppLayout>
      </Suspense>
    </SessionContext>
  );
}
