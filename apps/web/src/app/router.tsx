import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { getAuthToken } from '../lib/storage';
import { RouteErrorBoundary } from './routing/RouteErrorBoundary';
import { RoutePage } from './routing/RoutePage';
import { ROUTES, type AppRoute } from './routes';

/** The guard of the signed-in pages, with the session, the layouts and the live client: never loaded by a public page. */
const RouteGate = lazy(() => import('./routing/RouteGate').then((m) => ({ default: m.RouteGate })));

/** A public page that calls the API loads TanStack Query beside its code, at the same time; the others load none. */
async function loadPage(route: AppRoute): Promise<{ default: ComponentType }> {
  if (!route.public || route.withoutApi) return { default: await route.load() };
  const [Page, { QueryProvider }] = await Promise.all([route.load(), import('./QueryProvider')]);
  function PageWithApi() {
    return (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  }
  return { default: PageWithApi };
}

/** Each row's page code, fetched once however often it is asked for. */
const LOADS = new Map<AppRoute, Promise<{ default: ComponentType }>>();
function load(route: AppRoute): Promise<{ default: ComponentType }> {
  let loading = LOADS.get(route);
  if (!loading) {
    loading = loadPage(route);
    LOADS.set(route, loading);
  }
  return loading;
}

const PAGES = new Map(ROUTES.map((route) => [route, lazy(() => load(route))]));

/**
 * A signed-in row: the gate with the row's page. With a stored session, the page's code is fetched as
 * soon as the row matches, beside the gate's own code and the session, not once the gate and the layout
 * have rendered.
 */
function GatedPage({ route, page }: { route: AppRoute; page: ReactNode }) {
  useEffect(() => {
    if (getAuthToken()) void load(route);
  }, [route]);
  return (
    <Suspense fallback={<PageLoader />}>
      <RouteGate page={page} />
    </Suspense>
  );
}

function routeElement(route: AppRoute) {
  const Page = PAGES.get(route)!;
  if (route.public) return <RoutePage route={route} page={<Page />} />;
  return <GatedPage route={route} page={<Page />} />;
}

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={routeElement(route)} />
        ))}
        <Route
          path="*"
          element={
            <Suspense fallback={<PageLoader />}>
              <RouteGate />
            </Suspense>
          }
        />
      </Routes>
    </RouteErrorBoundary>
  );
}

/**
 * A public row renders its page; every other row, and a catch-all, renders the gate: it applies the
 * rules of resolveRoute and shows the row's page, a redirect or the not-found page. The declarative
 * router: the app loads its data with TanStack Query, so the data router's code would be dead weight.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
