import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteErrorPage } from './routing/RouteErrorPage';
import { RouteGate } from './routing/RouteGate';
import { ROUTES, type AppRoute } from './routes';

function routeObject(route: AppRoute) {
  const Page = lazy(() => route.load().then((Component) => ({ default: Component })));
  return { path: route.path, element: <RouteGate page={<Page />} /> };
}

/**
 * Every row of the route table, and a catch-all, renders the gate: it applies the rules of
 * resolveRoute and shows the row's page, a redirect or the not-found page.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [...ROUTES.map(routeObject), { path: '*', element: <RouteGate /> }],
  },
]);
