import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { getAuthToken } from '../lib/storage';
import { RouteErrorBoundary } from './routing/RouteErrorBoundary';
import { RoutePage } from './routing/RoutePage';
import { PARTNER_PAGE_ROUTE, partnerPageRoute, ROUTES, type AppRoute } from './routes';

/** MUI's theme, baseline and toasts: loaded beside the first page that is not bare, and kept from then on. */
const ThemedProviders = lazy(() => import('./ThemedProviders').then((m) => ({ default: m.ThemedProviders })));

const BARE_PATHS = ROUTES.filter((route) => route.bare).map((route) => route.path);
const isBare = (pathname: string) => BARE_PATHS.some((path) => matchPath(path, pathname) !== null);

/** The guard of the signed-in pages, with the session, the layouts and the live client: never loaded by a public page. */
const loadRouteGate = () => import('./routing/RouteGate');
const RouteGate = lazy(() => loadRouteGate().then((m) => ({ default: m.RouteGate })));

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

const PAGES = new Map([...ROUTES, PARTNER_PAGE_ROUTE].map((route) => [route, lazy(() => load(route))]));

/**
 * The code the page at `pathname` will need, asked for as soon as the address is known, beside MUI's and not once
 * the providers, the gate and the layout have rendered: a public row's page; a signed-in row's page and the gate
 * when a session is stored.
 */
function prefetchFor(pathname: string): void {
  const route = ROUTES.find((row) => matchPath(row.path, pathname) !== null) ?? partnerPageRoute(pathname);
  if (!route) return;
  if (route.public) {
    void load(route);
  } else if (getAuthToken()) {
    void load(route);
    void loadRouteGate();
  }
}

/** A signed-in row: the gate with the row's page. */
function GatedPage({ page }: { page: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <RouteGate page={page} />
    </Suspense>
  );
}

function routeElement(route: AppRoute) {
  const Page = PAGES.get(route)!;
  if (route.public) return <RoutePage route={route} page={<Page />} />;
  return <GatedPage page={<Page />} />;
}

/** A path no row matched: a partner's booking page (/book_test_{slug}), else the guard (its not-found page or a redirect). */
function CatchAll({ pathname }: { pathname: string }) {
  const partnerPage = partnerPageRoute(pathname);
  if (partnerPage) return routeElement(partnerPage);
  return (
    <Suspense fallback={<PageLoader />}>
      <RouteGate />
    </Suspense>
  );
}

function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => prefetchFor(pathname), [pathname]);
  const routes = (
    <Routes>
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={routeElement(route)} />
      ))}
      <Route path="*" element={<CatchAll pathname={pathname} />} />
    </Routes>
  );
  return (
    <RouteErrorBoundary pathname={pathname}>
      {isBare(pathname) ? (
        routes
      ) : (
        <Suspense fallback={<PageLoader />}>
          <ThemedProviders>{routes}</ThemedProviders>
        </Suspense>
      )}
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
