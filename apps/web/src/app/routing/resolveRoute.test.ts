import type { RoleName } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { PARTNER_PAGE_ROUTE, ROUTES as APP_ROUTES, partnerPageRoute, type AppRoute } from '../routes';
import { resolveRoute, type GuardSession } from './resolveRoute';

const page = () => Promise.resolve(() => null);

const ROUTES: AppRoute[] = [
  { path: '/login', public: true, title: 'login', load: page },
  { path: '/patient/dashboard', roles: ['patient'], title: 'home', load: page },
  { path: '/patient/order-test-kit', roles: ['patient'], flag: 'order_kit', title: 'home', load: page },
  { path: '/patient/profile', title: 'home', load: page },
  { path: '/manager/dashboard', roles: ['manager'], title: 'home', load: page },
  { path: '/super_admin/country/:id', roles: ['super_admin'], title: 'home', load: page },
  { path: '/manager/sign-ups', permission: 'employees.invite', title: 'home', load: page },
  { path: '/practitioner/rota', roles: ['practitioner', 'shift_manager'], permission: 'rota.read', title: 'home', load: page },
];

function sessionOf(roles: RoleName[], flags = { daily_check: false, order_kit: false }): GuardSession {
  const [first = 'patient'] = roles;
  return {
    role: { name: first },
    user: { roles: roles.map((name) => ({ name })) },
    organisation_profile: flags,
  };
}

const resolve = (path: string, session: GuardSession | null) => resolveRoute(path, session, ROUTES);

describe('resolveRoute', () => {
  it('renders a public route without a session', () => {
    expect(resolve('/login', null)).toMatchObject({ kind: 'render', route: { path: '/login' } });
  });

  it('sends an unauthenticated user on a protected route to /login, remembering the page asked for with its query', () => {
    expect(resolve('/patient/dashboard', null)).toEqual({ kind: 'redirect', to: '/login?next=%2Fpatient%2Fdashboard' });
    expect(resolveRoute('/super_admin/country/7', null, ROUTES, '?tab=prices')).toEqual({ kind: 'redirect', to: '/login?next=%2Fsuper_admin%2Fcountry%2F7%3Ftab%3Dprices' });
  });

  it('renders a route for a matching role', () => {
    expect(resolve('/patient/dashboard', sessionOf(['patient']))).toMatchObject({ kind: 'render' });
  });

  it('renders an any-role route for every signed-in role', () => {
    expect(resolve('/patient/profile', sessionOf(['super_admin']))).toMatchObject({ kind: 'render' });
  });

  it('sends a role mismatch to the own dashboard', () => {
    expect(resolve('/manager/dashboard', sessionOf(['patient']))).toEqual({ kind: 'redirect', to: '/patient/dashboard' });
    expect(resolve('/super_admin/country/GBR', sessionOf(['practitioner']))).toEqual({
      kind: 'redirect',
      to: '/practitioner/dashboard',
    });
  });

  it('lets a manager who also holds the patient role open patient pages', () => {
    const managerAndPatient = sessionOf(['manager', 'patient']);
    expect(resolve('/patient/dashboard', managerAndPatient)).toMatchObject({ kind: 'render' });
    expect(resolve('/manager/dashboard', managerAndPatient)).toMatchObject({ kind: 'render' });
  });

  it('opens a route that needs a permission for a role that grants it, in its workspace', () => {
    expect(resolve('/manager/sign-ups', sessionOf(['manager']))).toMatchObject({ kind: 'render' });
    expect(resolve('/manager/sign-ups', sessionOf(['patient', 'manager']))).toMatchObject({ kind: 'render' });
    expect(resolve('/manager/sign-ups', sessionOf(['patient']))).toEqual({ kind: 'redirect', to: '/patient/dashboard' });
    expect(resolve('/practitioner/rota', sessionOf(['shift_manager']))).toMatchObject({ kind: 'render' });
    expect(resolve('/practitioner/rota', sessionOf(['super_admin']))).toEqual({ kind: 'redirect', to: '/super_admin/dashboard' });
    expect(resolve('/practitioner/rota', sessionOf(['customer_services']))).toEqual({ kind: 'redirect', to: '/customer_services/dashboard' });
  });

  it('matches routes with parameters', () => {
    expect(resolve('/super_admin/country/GBR', sessionOf(['super_admin']))).toMatchObject({
      kind: 'render',
      route: { path: '/super_admin/country/:id' },
    });
  });

  it('sends other /patient/*, /manager/* and /practitioner/* paths to the own dashboard', () => {
    const manager = sessionOf(['manager']);
    expect(resolve('/patient/unknown', manager)).toEqual({ kind: 'redirect', to: '/manager/dashboard' });
    expect(resolve('/manager/nothing/here', manager)).toEqual({ kind: 'redirect', to: '/manager/dashboard' });
    expect(resolve('/practitioner/anything', manager)).toEqual({ kind: 'redirect', to: '/manager/dashboard' });
  });

  it('sends other /patient/* paths to /login without a session', () => {
    expect(resolve('/patient/unknown', null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a flag-gated route to the own dashboard when the flag is off', () => {
    expect(resolve('/patient/order-test-kit', sessionOf(['patient']))).toEqual({
      kind: 'redirect',
      to: '/patient/dashboard',
    });
    const noProfile = { ...sessionOf(['patient']), organisation_profile: null };
    expect(resolve('/patient/order-test-kit', noProfile)).toEqual({ kind: 'redirect', to: '/patient/dashboard' });
  });

  it('renders a flag-gated route when the flag is on', () => {
    const flagged = sessionOf(['patient'], { daily_check: false, order_kit: true });
    expect(resolve('/patient/order-test-kit', flagged)).toMatchObject({ kind: 'render' });
  });

  it('shows not-found for any other unknown path, signed in or not', () => {
    expect(resolve('/no/such/page', null)).toEqual({ kind: 'notFound' });
    expect(resolve('/no/such/page', sessionOf(['patient']))).toEqual({ kind: 'notFound' });
    expect(resolve('/patients', sessionOf(['patient']))).toEqual({ kind: 'notFound' });
  });

  it('sends the site root to the own dashboard or to /login', () => {
    expect(resolve('/', sessionOf(['b2c']))).toEqual({ kind: 'redirect', to: '/b2c/dashboard' });
    expect(resolve('/', null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a super admin without a page’s granted permission to their dashboard, and opens it once granted', () => {
    const admin = sessionOf(['super_admin']);
    expect(resolveRoute('/super_admin/product-management', admin)).toEqual({ kind: 'redirect', to: '/super_admin/dashboard' });
    expect(resolveRoute('/super_admin/product/create', admin)).toEqual({ kind: 'redirect', to: '/super_admin/dashboard' });
    expect(resolveRoute('/super_admin/permissions', admin)).toEqual({ kind: 'redirect', to: '/super_admin/dashboard' });
    expect(resolveRoute('/super_admin/product/create', { ...admin, grants: ['products.manage'] })).toMatchObject({ kind: 'render', route: { path: '/super_admin/product/create' } });
    expect(resolveRoute('/super_admin/product/4b1d6a0e-9f0d-4a3e-8a57-3a5b8e1f0c11', { ...admin, grants: ['products.manage'] })).toMatchObject({ kind: 'render', route: { path: '/super_admin/product/:id' } });
    expect(resolveRoute('/super_admin/permissions', { ...admin, grants: ['permissions.manage'] })).toMatchObject({ kind: 'render' });
    expect(resolveRoute('/super_admin/permissions', { ...sessionOf(['customer_services']), grants: ['permissions.manage'] })).toEqual({ kind: 'redirect', to: '/customer_services/dashboard' });
  });

  it('covers every role dashboard in the real route table', () => {
    for (const role of ['patient', 'manager', 'practitioner', 'shift_manager', 'super_admin', 'customer_services', 'b2c'] as const) {
      expect(resolveRoute(`/${role}/dashboard`, sessionOf([role]))).toMatchObject({ kind: 'render' });
    }
  });
});

describe('partner booking pages (/book_test_{slug})', () => {
  it('the seeded partners have rows; any other partner page comes through the catch-all, one segment only', () => {
    for (const slug of ['OFL', 'attraction_world', 'florida_tix']) expect(resolveRoute(`/book_test_${slug}`, null, APP_ROUTES)).toMatchObject({ kind: 'render', route: { public: true } });
    expect(partnerPageRoute('/book_test_sky_air')).toBe(PARTNER_PAGE_ROUTE);
    expect(partnerPageRoute('/book_test_')).toBeUndefined();
    expect(partnerPageRoute('/book_test_sky/air')).toBeUndefined();
    expect(partnerPageRoute('/patient/book_test_x')).toBeUndefined();
  });
});
